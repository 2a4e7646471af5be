import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface ServerProcess {
  baseUrl: string;
  dataDir: string;
  /** the server process itself (not a launcher), so a signal sent to it reaches the server */
  child: ChildProcess;
  /** everything it printed so far */
  output(): string;
  /** SIGTERM, wait for the exit; removes the data folder unless the caller passed it in */
  stop(): Promise<void>;
  /** SIGKILL, as a crash or an OOM kill would: no shutdown code runs. The data folder stays. */
  kill(): Promise<void>;
}

export interface ServerProcessOptions {
  /** start on this data folder (a restart); by default a fresh temporary one that stop() removes */
  dataDir?: string;
}

/** Starts `server/main.ts` as `npm start` does, on a free port and a fresh temporary data folder. */
export async function startServerProcess(env: Record<string, string> = {}, options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "trading-e2e-"));
  // node with the tsx loader, not the tsx launcher: the launcher runs the server in a child of its own,
  // which a SIGKILL to the launcher would leave running (on the data folder) as an orphan
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, RATE_LIMIT_SCALE: "50", BACKFILL_MINUTE_DAYS: "0.3", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
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
    child.once("exit", (code, signal) => reject(new Error(`server exited with ${code ?? signal}:\n${output}`)));
  });
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    child,
    output: () => output,
    async stop() {
      await signal("SIGTERM");
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    kill: () => signal("SIGKILL"),
  };
}
