import { cpus, loadavg } from "node:os";

import autocannon from "autocannon";

import { MIN_OPTION_SECONDS } from "#contract/constants";
import { DEMO_PASSWORD } from "#server/db/seed";

import type { ServerProcess } from "../e2e/server-process";
import { type Cluster, startCluster } from "./cluster";
import { call, waitFor } from "./process-api";

// Quotes and orders thrown at the first 1, 2 and 4 processes of a cluster on one PostgreSQL, the client rotating
// over their ports as a round-robin proxy would (autocannon hands its connections out over the URLs in turn,
// each keeping its process, as nginx's keepalive connections to an upstream do). Figures, not verdicts: the
// client runs on the same cores as the servers and the database.

export const SCALE_OPS_TOKEN = "scale-ops";
/** the environment of every process: limits out of the way of a load generator on one machine */
export const SCALE_ENV = { OPS_TOKEN: SCALE_OPS_TOKEN, RATE_LIMIT_SCALE: "10000" };
/** the shortest settlement time the operator may set, so the orders are due soon after the load */
export const ORDER_SECONDS = MIN_OPTION_SECONDS;
const CUSTOMERS = 32;
/** a multiple of 4, so each process of a stage gets as many connections */
const CONNECTIONS = 16;
const BROWSER_ENCODING = { "accept-encoding": "br, gzip" };

export interface StageFigures {
  processes: number;
  quotesPerSecond: number;
  quotesP99Ms: number;
  ordersPerSecond: number;
  ordersP99Ms: number;
  /** order answers other than 200 (a stale quote on a follower under load, say) */
  ordersRefused: number;
}

interface Customer {
  token: string;
  /** the address the proxy forwards, so per-address limits count per customer as they would in life */
  address: string;
}

/** autocannon over several URLs: it takes a list (its typings know only one) and deals the connections out in turn */
const cannon = (urls: string[], options: Omit<autocannon.Options, "url">) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ connections: CONNECTIONS, url: urls as unknown as string, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );

const ops = (server: ServerProcess, path: string, fields: Record<string, string>) =>
  call(server, "POST", path, fields, { "ops-token": SCALE_OPS_TOKEN });

/**
 * Funded customers, made in the database beside the seeded demo (its password, a seed ledger row for the
 * cash so balances reconcile), each logged in through the processes in turn.
 */
async function makeCustomers(cluster: Cluster): Promise<Customer[]> {
  await cluster.sql.query(
    `with made as (
       insert into users (account, password_hash, pay_password_hash, phone, invite_code, created_at, cash)
       select 'scale' || i, d.password_hash, d.pay_password_hash, '1390000' || lpad(i::text, 4, '0'), 'SCALE' || i,
              extract(epoch from now())::bigint, 100000000
       from generate_series(1, $1::int) i, users d where d.account = 'demo'
       returning id, cash)
     insert into ledger (user_id, account, delta, reason) select id, 'cash', cash, 'seed' from made`,
    [CUSTOMERS],
  );
  return Promise.all(
    Array.from({ length: CUSTOMERS }, async (_, i) => {
      const address = `10.50.${Math.floor(i / 200)}.${(i % 200) + 1}`;
      const server = cluster.servers[i % cluster.servers.length]!;
      const login = await call(
        server,
        "POST",
        "/api/login/index",
        { account: `scale${i + 1}`, password: DEMO_PASSWORD },
        {
          "x-forwarded-for": address,
        },
      );
      if (login.code !== 1) throw new Error(`login of scale${i + 1} refused: ${login.err}`);
      return { token: login.data.token as string, address };
    }),
  );
}

/** The product the orders go to (crypto trades at any hour), with the shortest option every process offers. */
async function orderProduct(cluster: Cluster): Promise<{ pid: number; pids: string }> {
  const [first] = cluster.servers as [ServerProcess];
  const crypto = (await call(first, "GET", "/api/index/ajaxdata", { market: "crypto" })).data as Array<{ id: number }>;
  const pid = crypto[0]!.id;
  // stakes within the product's single-order limits (10–50 000 U): an option may not reach outside them
  const set = await ops(first, "/api/ops/product/options", { pid: String(pid), options: `${ORDER_SECONDS}:0.85:10:50000` });
  if (set.code !== 1) throw new Error(`settlement options refused: ${set.err}`);
  for (const server of cluster.servers) {
    await waitFor(
      `the ${ORDER_SECONDS} s option on ${server.baseUrl}`,
      async () =>
        ((await call(server, "GET", "/api/index/seconds", { pid: String(pid) })).data as Array<{ seconds: number }>).some(
          (option) => option.seconds === ORDER_SECONDS,
        ),
      10_000,
    );
  }
  return { pid, pids: crypto.map((product) => product.id).join(",") };
}

/**
 * Quotes (`ajaxpro` for every crypto product, as the PWA polls them) for `quoteSeconds`, then orders from the
 * customers in turn for `orderSeconds`, against the first 1, 2, 4 … processes of `stages`.
 */
export async function measureScale(
  cluster: Cluster,
  options: { stages: number[]; quoteSeconds: number; orderSeconds: number; rounds?: number },
): Promise<StageFigures[]> {
  const customers = await makeCustomers(cluster);
  const { pid, pids } = await orderProduct(cluster);
  const figures: StageFigures[] = [];
  let counter = 0;
  const rounds = options.rounds ?? 1;
  for (const processes of Array.from({ length: rounds }, () => options.stages).flat()) {
    const bases = cluster.servers.slice(0, processes).map((server) => server.baseUrl);
    const quotes = await cannon(
      bases.map((base) => `${base}/api/index/ajaxpro?pids=${pids}`),
      {
        duration: options.quoteSeconds,
        headers: BROWSER_ENCODING,
      },
    );
    const before = Number((await cluster.sql.query("select count(*) as n from orders")).rows[0].n);
    const orders = await cannon(
      bases.map((base) => `${base}/api/user/addorder`),
      {
        duration: options.orderSeconds,
        requests: [
          {
            method: "POST",
            setupRequest: (request) => {
              const customer = customers[counter % CUSTOMERS]!;
              const body = new URLSearchParams({
                pid: String(pid),
                direction: counter % 2 ? "up" : "down",
                seconds: String(ORDER_SECONDS),
                amount: "10",
                requestId: `scale-${processes}-${counter++}`,
              });
              return {
                ...request,
                headers: {
                  "content-type": "application/x-www-form-urlencoded",
                  token: customer.token,
                  "x-forwarded-for": customer.address,
                },
                body: body.toString(),
              };
            },
          },
        ],
      },
    );
    const accepted = Number((await cluster.sql.query("select count(*) as n from orders")).rows[0].n) - before;
    figures.push({
      processes,
      quotesPerSecond: quotes.requests.average,
      quotesP99Ms: quotes.latency.p99,
      ordersPerSecond: accepted / options.orderSeconds,
      ordersP99Ms: orders.latency.p99,
      ordersRefused: orders.non2xx,
    });
  }
  return rounds === 1 ? figures : options.stages.map((processes) => bestOf(figures.filter((row) => row.processes === processes)));
}

/**
 * The best round of a stage, quotes and orders each: on a machine shared with other work the rounds differ by
 * whatever else ran meanwhile, and the best is the nearest to what the processes alone could do.
 */
function bestOf(rows: StageFigures[]): StageFigures {
  const byQuotes = rows.reduce((best, row) => (row.quotesPerSecond > best.quotesPerSecond ? row : best));
  const byOrders = rows.reduce((best, row) => (row.ordersPerSecond > best.ordersPerSecond ? row : best));
  return {
    ...byOrders,
    quotesPerSecond: byQuotes.quotesPerSecond,
    quotesP99Ms: byQuotes.quotesP99Ms,
  };
}

/** The figures as a table, with the machine's load average (other work on the box shows there). */
export function printScale(figures: StageFigures[]): void {
  const [load] = loadavg();
  console.log(`${cpus().length} cores, load average ${load!.toFixed(1)} at the end`);
  console.log(`processes   quotes/s   p99 ms   orders/s   p99 ms   refused orders`);
  for (const row of figures) {
    console.log(
      `${String(row.processes).padStart(9)} ${row.quotesPerSecond.toFixed(0).padStart(10)} ${String(row.quotesP99Ms).padStart(8)} ${row.ordersPerSecond.toFixed(0).padStart(10)} ${String(row.ordersP99Ms).padStart(8)} ${String(row.ordersRefused).padStart(16)}`,
    );
  }
}

/** `npm run bench`'s lines: a cluster of its own, 3 rounds of 3 s of each load per stage, the best round of each. */
export async function scaleBenchRows(): Promise<Array<{ name: string; measured: number; goal: string }>> {
  const cluster = await startCluster(4, SCALE_ENV);
  try {
    const figures = await measureScale(cluster, { stages: [1, 2, 4], quoteSeconds: 3, orderSeconds: 3, rounds: 3 });
    printScale(figures);
    return figures.flatMap((row) => [
      { name: `quotes req/s, PostgreSQL ${row.processes} process(es)`, measured: row.quotesPerSecond, goal: "grows to the cores" },
      { name: `orders/s, PostgreSQL ${row.processes} process(es)`, measured: row.ordersPerSecond, goal: "grows to the cores" },
    ]);
  } finally {
    await cluster.stop();
  }
}
