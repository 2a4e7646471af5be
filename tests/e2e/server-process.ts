import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface ServerProcess {
  baseUrl: string;
  dataDir: string;
  /** the running server, to signal or kill it */
  child: ChildProcess;
  /** everything it printed so far (stdout and stderr) */
  output(): string;
  /** resolves with the exit code once it has exited */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * Starts `server/main.ts` as `npm start` does, on a free port and a fresh temporary data folder (or the
 * given one, to start again on the same data; stop() then leaves it in place).
 */
export async function startServerProcess(
  env: Record<string, string> = {},
  options: { dataDir?: string; /** flags for node itself, such as --cpu-prof (refused in NODE_OPTIONS) */ nodeArgs?: string[] } = {},
): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "trading-e2e-"));
  // node with tsx's loader, not the tsx wrapper: the wrapper runs the server in a child process, so a signal
  // to it (a SIGKILL in particular) would not reach the server itself
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), "--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      RATE_LIMIT_SCALE: "50",
      BACKFILL_MINUTE_DAYS: "0.3",
      SEED_DEMO: "unverified",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    // two minutes: on a box loaded by other suites, PGlite alone can take most of a minute to open and migrate
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/LISTENING (\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
