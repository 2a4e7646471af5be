// A look at where the server's event loop stalls under the mixed load: starts one PGlite process (or, with
// PROBE_POSTGRES=1, two processes on a throwaway PostgreSQL) with LOOP_REPORT_SECONDS, runs the mixed load at a
// fixed rate and prints the load's figures beside what each process reported. PROBE_RATE, PROBE_USERS,
// PROBE_SECONDS; PROBE_CPU_PROFILE=<folder> writes a CPU profile of each server when it stops.
import { type ServerProcess, startServerProcess } from "../e2e/server-process";
import { startTempPostgres } from "../server/postgres-server";
import { deskFor, fundedUsers, mixedLoad, OPS_TOKEN } from "./mixed-load";

const onPostgres = process.env.PROBE_POSTGRES === "1";
const rate = Number(process.env.PROBE_RATE ?? (onPostgres ? 486 : 153));
const users = Number(process.env.PROBE_USERS ?? 16);
const seconds = Number(process.env.PROBE_SECONDS ?? 20);
const postgres = onPostgres ? await startTempPostgres() : null;
const env = {
  OPS_TOKEN,
  RATE_LIMIT_SCALE: "100000",
  BACKFILL_MINUTE_DAYS: "0.2",
  LOOP_REPORT_SECONDS: "2",
  ...(postgres ? { DATABASE_URL: postgres.url } : {}),
};
const nodeArgs = process.env.PROBE_CPU_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.PROBE_CPU_PROFILE}`] : [];
const servers: ServerProcess[] = [];
try {
  for (let n = 0; n < (postgres ? 2 : 1); n++) servers.push(await startServerProcess(env, { nodeArgs }));
  const urls = servers.map((server) => server.baseUrl);
  await deskFor(servers);
  const tokens = await fundedUsers(urls, users);
  const quiet = await mixedLoad(urls, tokens, { rate: 10, seconds: 6 });
  console.log(`at 10 req/s: p50 / p99 ${quiet.p50} / ${quiet.p99} ms`);
  const from = servers.map((server) => server.output().length);
  const figures = await mixedLoad(urls, tokens, { rate, seconds });
  console.log(`at ${rate} req/s: ${figures.requestsPerSecond.toFixed(0)} served, p50 / p99 ${figures.p50} / ${figures.p99} ms`);
  servers.forEach((server, n) => {
    const lines = server.output().slice(from[n]).split("\n");
    console.log(`process ${n + 1}:\n${lines.filter((line) => line.includes("event loop")).join("\n")}`);
  });
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  postgres?.stop();
}
