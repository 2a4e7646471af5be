import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer } from "node:net";

/** Debian's PostgreSQL binaries (`.ci/run` installs the package when absent). */
function postgresBin(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions.map((v) => join(root, v, "bin")).find((dir) => existsSync(join(dir, "initdb")));
  if (!bin) throw new Error("PostgreSQL is not installed: apt-get install -y postgresql");
  return bin;
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

/** As root, PostgreSQL's tools must run as the postgres user. */
const asPostgres = (command: string, args: string[]) =>
  process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", command, ...args]] as const : [command, args] as const;

export interface TempPostgres {
  url: string;
  stop(): void;
}

/** A throwaway PostgreSQL cluster on 127.0.0.1 and a free port, removed by stop(). */
export async function startTempPostgres(): Promise<TempPostgres> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), "trading-pg-"));
  chmodSync(dir, 0o777);
  const data = join(dir, "data");
  const port = await freePort();
  const run = (tool: string, args: string[]) => {
    const [command, fullArgs] = asPostgres(join(bin, tool), args);
    execFileSync(command, [...fullArgs], { stdio: "pipe" });
  };
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  run("pg_ctl", ["-D", data, "-w", "-l", join(dir, "log"), "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, "start"]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      const [command, fullArgs] = asPostgres(join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "stop"]);
      spawnSync(command, [...fullArgs], { stdio: "pipe" });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
