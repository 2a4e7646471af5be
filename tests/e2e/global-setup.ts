import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

export const E2E_OPS_TOKEN = "e2e-ops-token";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    opsToken: string;
  }
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;

/** Starts the real server (as `npm start` does) on a free port and a temporary data folder. */
export async function setup(project: TestProject) {
  if (!existsSync("dist/index.html")) {
    const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (build.status !== 0) throw new Error("the PWA build failed");
  }
  dataDir = mkdtempSync(join(tmpdir(), "trading-e2e-"));
  server = spawn("node_modules/.bin/tsx", ["server/main.ts"], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, OPS_TOKEN: E2E_OPS_TOKEN, RATE_LIMIT_SCALE: "50" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/LISTENING (\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    server!.stdout!.on("data", read);
    server!.stderr!.on("data", read);
    server!.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  project.provide("baseUrl", `http://127.0.0.1:${port}`);
  project.provide("dataDir", dataDir);
  project.provide("opsToken", E2E_OPS_TOKEN);
}

export async function teardown() {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((resolve) => server!.once("exit", resolve));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
