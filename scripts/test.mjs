// `npm test`: every check, in the order a failure is cheapest to find. Stops at the first failing step and
// ends with one "N passed, N failed" line counting the vitest tests of all suites.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const report = (name) => `.tmp/vitest-${name}.json`;
const vitest = (projects, name) => [
  "vitest",
  "run",
  ...projects.flatMap((project) => ["--project", project]),
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${report(name)}`,
];

const steps = [
  ["route tree: generated from src/routes (not kept in git)", ["node", "scripts/route-tree.mjs"]],
  ["catalogs: every message of the source is in the catalogs, none stale", ["node", "scripts/catalogs-current.mjs"]],
  ["catalogs: compile", ["lingui", "compile", "--typescript"]],
  ["typecheck (app, service worker, server)", ["npm", "run", "-s", "typecheck"]],
  ["format (prettier: the tree is formatted as checked in)", ["prettier", "--check", "--log-level=warn", "."]],
  ["lint (typescript-eslint, one-way imports)", ["eslint", "."]],
  ["unit and server tests", vitest(["unit", "server"], "unit")],
  ["process faults (SIGKILL under load, SIGTERM, failover across processes)", vitest(["crash"], "crash")],
  ["build the PWA", ["vite", "build"]],
  ["bundle sizes against their budgets", ["node", "scripts/size.mjs"]],
  ["browser tests (Chromium)", vitest(["e2e"], "e2e")],
];

mkdirSync(".tmp", { recursive: true });
const reports = ["unit", "crash", "e2e"];
for (const name of reports) rmSync(report(name), { force: true });

function totals() {
  let passed = 0;
  let failed = 0;
  for (const name of reports) {
    if (!existsSync(report(name))) continue;
    const result = JSON.parse(readFileSync(report(name), "utf8"));
    passed += result.numPassedTests;
    failed += result.numFailedTests;
  }
  return { passed, failed };
}

for (const [title, [command, ...args]] of steps) {
  console.log(`\n=== ${title} ===`);
  const bin = command === "npm" || command === "node" ? command : `node_modules/.bin/${command}`;
  const result = spawnSync(bin, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) {
    const { passed, failed } = totals();
    console.error(`\nFAILED at: ${title}`);
    console.log(`${passed} passed, ${Math.max(failed, 1)} failed`);
    process.exit(1);
  }
}
const { passed, failed } = totals();
console.log(`\nAll checks passed.`);
console.log(`${passed} passed, ${failed} failed`);
