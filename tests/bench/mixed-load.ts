// The load run of `npm run bench`: what a crowd of logged-in users does at once (product list, quotes, user
// info, open orders, and an order now and then), on PGlite (one process) and on PostgreSQL with two processes
// behind a round-robin, as in a deployment. Bounded and on loopback; figures, not verdicts.
import autocannon from "autocannon";

import { type ServerProcess, startServerProcess } from "../e2e/server-process";
import { makePng } from "../server/images";
import { startTempPostgres } from "../server/postgres-server";

const LOAD_SECONDS = 10;
const CONNECTIONS = 32;
const USERS = 16;
const OPS_TOKEN = "bench-ops-token";
const SERVER_ENV = { OPS_TOKEN, RATE_LIMIT_SCALE: "100000", BACKFILL_MINUTE_DAYS: "0.2" };

interface Envelope {
  code: number;
  data: any;
}

async function call(
  baseUrl: string,
  path: string,
  init: { form?: Record<string, string>; token?: string; ops?: boolean; body?: FormData } = {},
): Promise<Envelope> {
  const headers: Record<string, string> = {};
  if (init.token) headers.token = init.token;
  if (init.ops) headers["ops-token"] = OPS_TOKEN;
  const body = init.body ?? (init.form ? new URLSearchParams(init.form) : undefined);
  const response = await fetch(`${baseUrl}${path}`, { method: body ? "POST" : "GET", headers, body });
  const answer = (await response.json()) as Envelope;
  if (answer.code !== 1) throw new Error(`${path}: ${JSON.stringify(answer)}`);
  return answer;
}

/** A user as a customer becomes one: SMS code, registration, a recharge with its screenshot, approved. */
async function newFundedUser(baseUrl: string, n: number): Promise<string> {
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
  await call(baseUrl, "/api/ops/recharge/review", { ops: true, form: { id: String(recharge.data.id), decision: "approve" } });
  return token;
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  orders: number;
}

/** One bounded run over every URL in turn (connections are spread round-robin over them). */
async function mixedLoad(baseUrls: string[]): Promise<LoadFigures> {
  const tokens: string[] = [];
  for (let n = 0; n < USERS; n++) tokens.push(await newFundedUser(baseUrls[n % baseUrls.length]!, n));
  const crypto = (await call(baseUrls[0]!, "/api/index/ajaxdata?market=crypto")).data as Array<{ id: number }>;
  const pids = crypto.map((product) => product.id);
  let connection = 0;
  let sequence = 0;
  const withUser = (context: Record<string, unknown>) => {
    context.token ??= tokens[connection++ % tokens.length];
    return { token: context.token as string };
  };
  // one order in five requests; the rest is what the screens poll and load
  const requests: autocannon.Request[] = [
    { method: "GET", path: "/api/index/ajaxdata?market=crypto" },
    { method: "GET", path: `/api/index/ajaxpro?pids=${pids.join(",")}` },
    {
      method: "GET",
      path: "/api/user/index",
      setupRequest: (request, context) => ({ ...request, headers: withUser(context as Record<string, unknown>) }),
    },
    {
      method: "GET",
      path: "/api/user/ajaxorder_list",
      setupRequest: (request, context) => ({ ...request, headers: withUser(context as Record<string, unknown>) }),
    },
    {
      method: "POST",
      path: "/api/user/addorder",
      setupRequest: (request, context) => {
        const n = sequence++;
        return {
          ...request,
          headers: { ...withUser(context as Record<string, unknown>), "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            pid: String(pids[n % pids.length]),
            direction: n % 2 ? "up" : "down",
            seconds: "30",
            amount: "10",
            requestId: `bench-load-${Date.now()}-${n}`,
          }).toString(),
        };
      },
    },
  ];
  const result = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      // autocannon takes several URLs at run time (its types say one)
      { url: baseUrls as unknown as string, connections: CONNECTIONS, duration: LOAD_SECONDS, requests },
      (error, answer) => (error ? reject(error) : resolve(answer)),
    ),
  );
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    orders: sequence,
  };
}

function report(name: string, figures: LoadFigures) {
  const line = (label: string, value: string) => console.log(`${`${name} ${label}`.padEnd(40)} ${value.padStart(16)}`);
  line("req/s", figures.requestsPerSecond.toFixed(0));
  line("p50 / p99 latency ms", `${figures.p50} / ${figures.p99}`);
  line("orders sent / non-2xx / errors", `${figures.orders} / ${figures.non2xx} / ${figures.errors}`);
}

/** Mixed load on one PGlite process, then on two processes sharing a throwaway PostgreSQL. */
export async function mixedLoadBench(): Promise<{ pglite: LoadFigures; postgres: LoadFigures }> {
  console.log(
    `\nMixed load: ${USERS} users, ${CONNECTIONS} connections, ${LOAD_SECONDS} s; list, quotes, user, open orders, place order (1 in 5)`,
  );
  const single = await startServerProcess(SERVER_ENV);
  let pglite: LoadFigures;
  try {
    pglite = await mixedLoad([single.baseUrl]);
    report("PGlite, 1 process", pglite);
  } finally {
    await single.stop();
  }

  const postgres = await startTempPostgres();
  const servers: ServerProcess[] = [];
  try {
    const env = { ...SERVER_ENV, DATABASE_URL: postgres.url };
    servers.push(await startServerProcess(env));
    servers.push(await startServerProcess(env));
    const figures = await mixedLoad(servers.map((server) => server.baseUrl));
    report("PostgreSQL, 2 processes", figures);
    return { pglite, postgres: figures };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    postgres.stop();
  }
}
