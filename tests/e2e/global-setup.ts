import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

import type { TestProject } from "vitest/node";

import { generateRouteTree } from "../../scripts/route-tree.mjs";
import { addOperator, freshCode, type Person, twoAdmins } from "../support/ops-people";
import { type ServerProcess, startServerProcess } from "./server-process";

export const E2E_OPS_TOKEN = "e2e-ops-token";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    opsToken: string;
    /** the shared server's operators: two admins (approvals, and a second admin for loosening money rules) */
    opsPeople: Person[];
    /** the session file of the person the CLI signed in as (`npm run ops -- login`), for `ops()` */
    opsSessionFile: string;
    /** that person (name, password, otpauth), for signing the CLI in again after an idle half hour */
    opsCli: Omit<Person, "cookie">;
  }
}

let server: ServerProcess | undefined;

/** One real server (as `npm start` runs it) for the browser tests, on a free port and a temp data folder. */
export async function setup(project: TestProject) {
  // the page list (allRoutes) reads the generated route tree, which a fresh clone has only once generated
  await generateRouteTree();
  if (!existsSync("dist/index.html")) {
    const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (build.status !== 0) throw new Error("the PWA build failed");
  }
  server = await startServerProcess({ OPS_TOKEN: E2E_OPS_TOKEN });
  project.provide("baseUrl", server.baseUrl);
  project.provide("dataDir", server.dataDir);
  project.provide("opsToken", E2E_OPS_TOKEN);
  // the token approves nothing: the first admin comes from the fresh server's setup code (this server's own;
  // the console tests start servers of their own for theirs), and adds a second admin and the CLI's person
  const people = await twoAdmins(server.baseUrl, [server.dataDir], "e2e");
  const cli = await addOperator(server.baseUrl, people[0], "e2e-cli", "admin", "command line passphrase 2027");
  const opsSessionFile = join(server.dataDir, "ops-session-e2e-cli");
  const login = spawnSync("node_modules/.bin/tsx", ["server/ops/cli.ts", "login", cli.username], {
    env: {
      ...process.env,
      OPS_URL: server.baseUrl,
      OPS_SESSION_FILE: opsSessionFile,
      OPS_PASSWORD: cli.password,
      OPS_TOTP: await freshCode(cli.username, cli.otpauth),
    },
    encoding: "utf8",
  });
  if (login.status !== 0) throw new Error(`ops login failed: ${login.stderr}`);
  project.provide("opsPeople", people);
  project.provide("opsCli", cli);
  project.provide("opsSessionFile", opsSessionFile);
}

export async function teardown() {
  await server?.stop();
}
