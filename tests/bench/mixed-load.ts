// The load run of `npm run bench`: what a crowd of logged-in users does at once (product list, quotes, user
// info, open orders, and an order now and then), on PGlite (one process) and on PostgreSQL with two processes
// behind a round-robin, as in a deployment. Each database gets a run as fast as it goes, then runs at a fixed
// request rate (the rate the issue measured before this work, so p99 compares at equal load) for 16 and for
// 200 users, and a search for the highest rate whose p99 stays under 50 ms. The fixed-rate runs are paced
// evenly (paced-load.ts says why not autocannon's rate). Bounded and on loopback; figures, not verdicts.
import autocannon from "autocannon";

import { type ServerProcess, startServerProcess } from "../e2e/server-process";
import { makePng } from "../server/images";
import { startTempPostgres } from "../server/postgres-server";
import { firstAdmin, type Person } from "../support/ops-people";
import { pacedLoad, type PacedRequest } from "./paced-load";

const LOAD_SECONDS = 10;
const RATE_SECONDS = 6;
/** the settlement time of every order the load places */
const ORDER_SECONDS = 30;
/**
 * Waited before each reference-rate run: the orders the runs before it placed (as fast as it goes, or the rate
 * search's highest rates) fall due 30 s later, a backlog several times the reference rate's own, which would
 * otherwise be settled in the middle of the run.
 */
const BACKLOG_WAIT_MS = (ORDER_SECONDS + 3) * 1000;
const CONNECTIONS = 32;
const USER_COUNTS = [16, 200] as const;
/** the rates the mixed load reached before this work (quiet box, 16 users): p99 is compared at these */
export const REFERENCE_RATE = { pglite: 153, postgres: 486 };
/** p99 at a sustainable rate stays under this */
export const P99_GOAL_MS = 50;
export const OPS_TOKEN = "bench-ops-token";
const SERVER_ENV = { OPS_TOKEN, RATE_LIMIT_SCALE: "100000", BACKFILL_MINUTE_DAYS: "0.2" };

interface Envelope {
  code: number;
  data: any;
}

async function call(
  baseUrl: string,
  path: string,
  init: { form?: Record<string, string>; token?: string; ops?: boolean; person?: Person; body?: FormData } = {},
): Promise<Envelope> {
  const headers: Record<string, string> = {};
  if (init.token) headers.token = init.token;
  if (init.ops) headers["ops-token"] = OPS_TOKEN;
  if (init.person) headers.cookie = init.person.cookie;
  const body = init.body ?? (init.form ? new URLSearchParams(init.form) : undefined);
  const response = await fetch(`${baseUrl}${path}`, { method: body ? "POST" : "GET", headers, body });
  const answer = (await response.json()) as Envelope;
  if (answer.code !== 1) throw new Error(`${path}: ${JSON.stringify(answer)}`);
  return answer;
}

/** the admin who approves the bench's recharges, per server address (one for the processes of one database) */
const reviewers = new Map<string, Person>();

/**
 * Makes the first admin of fresh servers (on one database) from the setup code in their data folders and signs
 * them in: the machine token approves no recharge. Call it once the servers are up, before `fundedUsers`.
 */
export async function deskFor(servers: ServerProcess[]): Promise<void> {
  const admin = await firstAdmin(
    servers[0]!.baseUrl,
    servers.map((server) => server.dataDir),
    "bench-admin",
    "bench desk passphrase 2027",
  );
  for (const server of servers) reviewers.set(server.baseUrl, admin);
}

/** A user as a customer becomes one: SMS code, registration, a recharge with its screenshot, approved by a person. */
export async function newFundedUser(baseUrl: string, n: number): Promise<string> {
  const reviewer = reviewers.get(baseUrl);
  if (!reviewer) throw new Error(`no admin for ${baseUrl}: call deskFor(servers) first`);
  const phone = `139${String(Date.now() % 1_000_000).padStart(6, "0")}${String(n).padStart(2, "0")}`;
  await call(baseUrl, "/api/login/sendsms", { form: { phone } });
  const code = (await call(baseUrl, `/api/ops/sms?phone=${phone}`, { ops: true })).data[0].code as string;
  const account = `bench${Date.now().toString(36)}${n}`;
  const registered = await call(baseUrl, "/api/login/reg", {
    form: {
      account,
      password: "bench123",
      password2: "bench123",
      payPassword: "pay12345",
      payPassword2: "pay12345",
      eligible: "1",
      phone,
      smsCode: code,
      inviteCode: "DEMO88",
    },
  });
  const token = registered.data.token as string;
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(makePng())], { type: "image/png" }), "receipt.png");
  const screenshot = (await call(baseUrl, "/api/user/uploadfile", { token, body: form })).data.url as string;
  const channelId = String((await call(baseUrl, "/api/user/recharge", { token })).data.channels[0].id);
  const recharge = await call(baseUrl, "/api/user/dorecharge", {
    token,
    form: { channelId, amount: "20000", screenshot, requestId: `bench-recharge-${account}` },
  });
  await call(baseUrl, "/api/ops/recharge/review", { person: reviewer, form: { id: String(recharge.data.id), decision: "approve" } });
  return token;
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  orders: number;
  /** paced runs: how late the generator sent (p99 ms), which the latencies do not include */
  sendLagP99?: number;
}

/** `count` funded users, registered round-robin over the processes; their tokens. */
export async function fundedUsers(baseUrls: string[], count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let n = 0; n < count; n++) tokens.push(await newFundedUser(baseUrls[n % baseUrls.length]!, n));
  return tokens;
}

/** The crypto products' ids, which every order of the load is placed on. */
async function cryptoIds(baseUrl: string): Promise<number[]> {
  return ((await call(baseUrl, "/api/index/ajaxdata?market=crypto")).data as Array<{ id: number }>).map((product) => product.id);
}

/** The mix, one user's turn of five requests: the list, quotes, user info, open orders, and an order. */
function mixedRequest(pids: number[], token: string, n: number, kind: number): PacedRequest {
  const user = { token };
  switch (kind) {
    case 0:
      return { method: "GET", path: "/api/index/ajaxdata?market=crypto" };
    case 1:
      return { method: "GET", path: `/api/index/ajaxpro?pids=${pids.join(",")}` };
    case 2:
      return { method: "GET", path: "/api/user/index", headers: user };
    case 3:
      return { method: "GET", path: "/api/user/ajaxorder_list", headers: user };
    default:
      return {
        method: "POST",
        path: "/api/user/addorder",
        headers: { ...user, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          pid: String(pids[n % pids.length]),
          direction: n % 2 ? "up" : "down",
          seconds: String(ORDER_SECONDS),
          amount: "10",
          requestId: `bench-load-${Date.now()}-${n}`,
        }).toString(),
      };
  }
}

/**
 * The mix at a steady `rate` over every URL in turn (paced-load.ts: open loop, evenly spaced, warm-up left
 * out), each run of five requests as one of `tokens`' users, in turn.
 */
async function mixedLoadAtRate(baseUrls: string[], tokens: string[], rate: number, seconds: number): Promise<LoadFigures> {
  const pids = await cryptoIds(baseUrls[0]!);
  let orders = 0;
  const figures = await pacedLoad(baseUrls, rate, seconds, (i) => {
    const kind = i % 5;
    if (kind === 4) orders++;
    return mixedRequest(pids, tokens[Math.floor(i / 5) % tokens.length]!, i, kind);
  });
  return { ...figures, orders };
}

/**
 * One bounded run over every URL in turn (connections are spread round-robin over them), each connection
 * acting as one of `tokens`' users, as fast as it goes; at a given `rate`, the paced run above.
 */
export async function mixedLoad(
  baseUrls: string[],
  tokens: string[],
  options: { rate?: number; seconds?: number } = {},
): Promise<LoadFigures> {
  if (options.rate) return mixedLoadAtRate(baseUrls, tokens, options.rate, options.seconds ?? LOAD_SECONDS);
  const pids = await cryptoIds(baseUrls[0]!);
  let connection = 0;
  let sequence = 0;
  const requests: autocannon.Request[] = [0, 1, 2, 3, 4].map((kind) => ({
    ...mixedRequest(pids, "", 0, kind),
    setupRequest: (request: autocannon.Request, context: object) => {
      const user = context as { token?: string };
      user.token ??= tokens[connection++ % tokens.length]!;
      const { headers, body } = mixedRequest(pids, user.token, kind === 4 ? sequence++ : 0, kind);
      // autocannon needs a headers object on every request, and a body only on the order
      return { ...request, headers: headers ?? {}, ...(body === undefined ? {} : { body }) };
    },
  }));
  const result = await runAutocannon(baseUrls, { connections: CONNECTIONS, duration: options.seconds ?? LOAD_SECONDS, requests });
  return { ...result, orders: sequence };
}

/** One autocannon run over the processes' URLs, as the figures the report prints (less the orders sent). */
async function runAutocannon(baseUrls: string[], options: Omit<autocannon.Options, "url">): Promise<Omit<LoadFigures, "orders">> {
  const result = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      // autocannon takes several URLs at run time (its types say one)
      { ...options, url: baseUrls as unknown as string },
      (error, answer) => (error ? reject(error) : resolve(answer)),
    ),
  );
  return {
    // over the whole run (the per-second average leaves out a last partial second)
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

function report(name: string, figures: LoadFigures) {
  const line = (label: string, value: string) => console.log(`${`${name} ${label}`.padEnd(40)} ${value.padStart(16)}`);
  line("req/s", figures.requestsPerSecond.toFixed(0));
  line("p50 / p99 latency ms", `${figures.p50} / ${figures.p99}`);
  line("orders sent / non-2xx / errors", `${figures.orders} / ${figures.non2xx} / ${figures.errors}`);
  if (figures.sendLagP99 !== undefined) line("generator's send lag p99 ms", String(figures.sendLagP99));
}

/**
 * Order placement alone over HTTP: `connections` connections, each placing orders as one of `tokens`' users
 * (one user's orders queue behind each other, as they must), for `seconds`.
 */
export async function orderLoad(baseUrls: string[], tokens: string[], seconds: number, connections = 32): Promise<LoadFigures> {
  const crypto = (await call(baseUrls[0]!, "/api/index/ajaxdata?market=crypto")).data as Array<{ id: number }>;
  let connection = 0;
  let sequence = 0;
  const result = await runAutocannon(baseUrls, {
    connections,
    duration: seconds,
    requests: [
      {
        method: "POST",
        path: "/api/user/addorder",
        setupRequest: (request, context) => {
          const user = context as Record<string, unknown>;
          user.token ??= tokens[connection++ % tokens.length];
          const n = sequence++;
          return {
            ...request,
            headers: { token: user.token as string, "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({
              pid: String(crypto[n % crypto.length]!.id),
              direction: n % 2 ? "up" : "down",
              seconds: String(ORDER_SECONDS),
              amount: "10",
              requestId: `bench-order-${Date.now()}-${n}`,
            }).toString(),
          };
        },
      },
    ],
  });
  return { ...result, orders: sequence };
}

export interface DeploymentFigures {
  /** order placement alone, as fast as it goes (HTTP, many users) */
  orders: LoadFigures;
  /** the mixed load as fast as it goes, 16 users */
  saturated: LoadFigures;
  /** the mixed load at the reference rate, per user count */
  atReference: Record<number, LoadFigures>;
  /** the highest rate tried whose p99 stayed under the goal, per user count (0: none) */
  maxSustainable: Record<number, number>;
}

/**
 * The highest mixed-load rate whose p99 stays under the goal and which the servers keep up with: from the
 * reference rate up by a quarter at a time while it holds, or down by a third while it does not. Bounded.
 */
async function maxSustainableRate(baseUrls: string[], tokens: string[], start: number): Promise<number> {
  const holds = (figures: LoadFigures, rate: number) => figures.p99 < P99_GOAL_MS && figures.requestsPerSecond >= rate * 0.85;
  let rate = start;
  let best = 0;
  for (let step = 0; step < 8; step++) {
    const figures = await mixedLoad(baseUrls, tokens, { rate, seconds: RATE_SECONDS });
    console.log(
      `  at ${rate} req/s: ${figures.requestsPerSecond.toFixed(0)} req/s served, p50 / p99 ${figures.p50} / ${figures.p99} ms, send lag p99 ${figures.sendLagP99} ms`,
    );
    if (holds(figures, rate)) {
      best = rate;
      rate = Math.round(rate * 1.25);
    } else if (best > 0) return best;
    else rate = Math.round(rate / 1.5);
  }
  return best;
}

/** Everything `npm run bench` runs against one deployment: order placement, the mixed load, the rate search. */
async function deploymentBench(name: string, baseUrls: string[], referenceRate: number, orderSeconds: number): Promise<DeploymentFigures> {
  const tokens = await fundedUsers(baseUrls, Math.max(...USER_COUNTS));
  const orders = await orderLoad(baseUrls, tokens, orderSeconds);
  report(`${name} addorder`, orders);
  const saturated = await mixedLoad(baseUrls, tokens.slice(0, USER_COUNTS[0]));
  report(`${name} as fast as it goes`, saturated);
  const atReference: Record<number, LoadFigures> = {};
  const maxSustainable: Record<number, number> = {};
  for (const users of USER_COUNTS) {
    await new Promise((resolve) => setTimeout(resolve, BACKLOG_WAIT_MS));
    atReference[users] = await mixedLoad(baseUrls, tokens.slice(0, users), { rate: referenceRate, seconds: RATE_SECONDS });
    report(`${name} ${users} users at ${referenceRate} req/s`, atReference[users]);
    maxSustainable[users] = await maxSustainableRate(baseUrls, tokens.slice(0, users), referenceRate);
    console.log(`${`${name} ${users} users max rate, p99 < ${P99_GOAL_MS} ms`.padEnd(40)} ${String(maxSustainable[users]).padStart(16)}`);
  }
  return { orders, saturated, atReference, maxSustainable };
}

/** Funded users on `baseUrls`, a short warm-up (so code is not measured while it compiles), then orders alone. */
async function ordersAlone(name: string, baseUrls: string[], orderSeconds: number): Promise<LoadFigures> {
  const tokens = await fundedUsers(baseUrls, Math.max(...USER_COUNTS));
  await orderLoad(baseUrls, tokens, 2);
  const orders = await orderLoad(baseUrls, tokens, orderSeconds);
  report(`${name} addorder`, orders);
  return orders;
}

/**
 * `work` on one PGlite server process, then on two processes sharing a throwaway PostgreSQL, where the plain-`pg`
 * order baseline runs first (in a database of its own in the same cluster).
 */
async function onBothDeployments<T>(
  plainPgBaseline: (clusterUrl: string) => Promise<number>,
  work: (name: string, baseUrls: string[], referenceRate: number) => Promise<T>,
): Promise<{ pglite: T; postgres: T; plainPgOrders: number }> {
  const single = await startServerProcess(SERVER_ENV);
  let pglite: T;
  try {
    await deskFor([single]);
    pglite = await work("PGlite, 1 process:", [single.baseUrl], REFERENCE_RATE.pglite);
  } finally {
    await single.stop();
  }
  const postgres = await startTempPostgres();
  const servers: ServerProcess[] = [];
  try {
    const env = { ...SERVER_ENV, DATABASE_URL: postgres.url };
    servers.push(await startServerProcess(env));
    servers.push(await startServerProcess(env));
    await deskFor(servers);
    const plainPgOrders = await plainPgBaseline(postgres.url);
    const figures = await work(
      "PostgreSQL, 2 processes:",
      servers.map((server) => server.baseUrl),
      REFERENCE_RATE.postgres,
    );
    return { pglite, postgres: figures, plainPgOrders };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    postgres.stop();
  }
}

/**
 * Order placement alone, without the mixed load's longer runs, on both deployments: on PostgreSQL beside the
 * plain-`pg` baseline run just before (placement is held to at least 0.8× of it).
 */
export function orderPlacementBench(
  orderSeconds: number,
  plainPgBaseline: (clusterUrl: string) => Promise<number>,
): Promise<{ pglite: LoadFigures; postgres: LoadFigures; plainPgOrders: number }> {
  return onBothDeployments(plainPgBaseline, (name, baseUrls) => ordersAlone(name, baseUrls, orderSeconds));
}

/** Mixed load on both deployments, where the plain-`pg` order baseline runs too. */
export function mixedLoadBench(
  orderSeconds: number,
  plainPgBaseline: (clusterUrl: string) => Promise<number>,
): Promise<{ pglite: DeploymentFigures; postgres: DeploymentFigures; plainPgOrders: number }> {
  console.log(
    `\nMixed load: ${USER_COUNTS.join(" and ")} users, ${CONNECTIONS} connections; list, quotes, user, open orders, place order (1 in 5)`,
  );
  return onBothDeployments(plainPgBaseline, (name, baseUrls, referenceRate) =>
    deploymentBench(name, baseUrls, referenceRate, orderSeconds),
  );
}
