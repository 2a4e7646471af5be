// A look at where one server process's event loop stalls under the mixed load: starts PGlite (or, with
// PROBE_DATABASE_URL, one process on that PostgreSQL) with LOOP_REPORT_SECONDS, runs the mixed load at a fixed
// rate and prints the load's figures beside what the server reported. PROBE_RATE, PROBE_USERS, PROBE_SECONDS.
import { startServerProcess } from "../e2e/server-process";
import { fundedUsers, mixedLoad, OPS_TOKEN } from "./mixed-load";

const rate = Number(process.env.PROBE_RATE ?? 153);
const users = Number(process.env.PROBE_USERS ?? 16);
const seconds = Number(process.env.PROBE_SECONDS ?? 20);
const server = await startServerProcess(
  {
    OPS_TOKEN,
    RATE_LIMIT_SCALE: "100000",
    BACKFILL_MINUTE_DAYS: "0.2",
    LOOP_REPORT_SECONDS: "2",
    ...(process.env.PROBE_DATABASE_URL ? { DATABASE_URL: process.env.PROBE_DATABASE_URL } : {}),
  },
  // PROBE_CPU_PROFILE=<folder>: a CPU profile of the server, written when it stops
  { nodeArgs: process.env.PROBE_CPU_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.PROBE_CPU_PROFILE}`] : [] },
);
try {
  const tokens = await fundedUsers([server.baseUrl], users);
  const quiet = await mixedLoad([server.baseUrl], tokens, { rate: 10, seconds: 6 });
  console.log(`at 10 req/s: p50 / p99 ${quiet.p50} / ${quiet.p99} ms`);
  const from = server.output().length;
  const figures = await mixedLoad([server.baseUrl], tokens, { rate, seconds });
  console.log(`at ${rate} req/s: ${figures.requestsPerSecond.toFixed(0)} served, p50 / p99 ${figures.p50} / ${figures.p99} ms`);
  console.log(
    server
      .output()
      .slice(from)
      .split("\n")
      .filter((line) => line.includes("event loop"))
      .join("\n"),
  );
} finally {
  await server.stop();
}
