import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

import type { TestProject } from "vitest/node";

import { type ServerProcess, startServerProcess } from "./server-process";

export const E2E_OPS_TOKEN = "e2e-ops-token";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    opsToken: string;
  }
}

let server: ServerProcess | undefined;

/** One real server (as `npm start` runs it) for the browser tests, on a free port and a temp data folder. */
export async function setup(project: TestProject) {
  if (!existsSync("dist/index.html")) {
    const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (build.status !== 0) throw new Error("the PWA build failed");
  }
  server = await startServerProcess({ OPS_TOKEN: E2E_OPS_TOKEN });
  project.provide("baseUrl", server.baseUrl);
  project.provide("dataDir", server.dataDir);
  project.provide("opsToken", E2E_OPS_TOKEN);
}

export async function teardown() {
  await server?.stop();
}
