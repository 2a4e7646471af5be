// `npm run size`: gzip sizes of all JS that Home and the trade screen load first, and of every route chunk,
// from the built dist/ (run `npm run build` first), against the budgets in scripts/size-budgets.json.
// Exits non-zero over budget; `npm test` runs it after the build.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const dist = "dist";
const budgets = JSON.parse(readFileSync("scripts/size-budgets.json", "utf8"));
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

/** Files a manifest entry needs before it runs: itself and its static imports, recursively. */
function staticClosure(key, files = new Set()) {
  const entry = manifest[key];
  if (!entry) throw new Error(`not in the build manifest: ${key}`);
  if (files.has(entry.file)) return files;
  files.add(entry.file);
  for (const imported of entry.imports ?? []) staticClosure(imported, files);
  return files;
}

const entryKey = "index.html";
// the early-start script (src/early-start.ts) is an entry of its own that every visit runs first
const earlyStartKey = "src/early-start.ts";
const routeKey = (file) => `src/routes/${file}?tsr-split=component---loader`;
// Worst case for the catalogs a page waits for: the largest of the ten languages (lingui.config.ts).
const largestCatalog = (name) =>
  Object.keys(manifest)
    .filter((key) => key.endsWith(`/${name}.ts`) && key.startsWith("locales/"))
    .map((key) => manifest[key].file)
    .sort((a, b) => gz(b) - gz(a))[0];
// Both pages stream quotes through the worker, which Vite emits outside the manifest.
const quotesWorker = readdirSync(join(dist, "assets")).find((file) => /^quotes\.worker-.*\.js$/.test(file));

// Home speaks from the shell catalog alone; every other page also waits for the pages catalog.
const pages = {
  home: { routes: [routeKey("index.tsx")], catalogs: ["shell"] },
  trade: { routes: [routeKey("_auth/pages/trade/trade.tsx")], catalogs: ["shell", "pages"] },
};

let failures = 0;
function report(name, files) {
  const bytes = [...files].reduce((sum, file) => sum + gz(file), 0);
  const { budget, aim } = budgets[name];
  const over = bytes / 1024 > budget;
  if (over) failures++;
  const verdict = over ? "OVER BUDGET" : aim && bytes / 1024 > aim ? `within budget, above the ${aim} KB aim` : "ok";
  console.log(`${name}: ${kb(bytes)} KB gzip in ${files.size} files (budget ${budget} KB) — ${verdict}`);
  for (const file of [...files].sort((a, b) => gz(b) - gz(a))) console.log(`  ${file.padEnd(48)} ${kb(gz(file)).padStart(7)} KB`);
}

/** Who a module belongs to: its npm package, or its top folder in this repository. */
function partOf(id) {
  const inPackage = id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inPackage) return inPackage[1];
  const local = id.replace(/^.*?\/(src|contract|sw)\//, "$1/").replace(/\?.*$/, "");
  const parts = local.split("/");
  return parts[0] === "src" ? parts.slice(0, parts[1] === "features" ? 3 : 2).join("/") : parts[0];
}

/**
 * `--why`: what each part of a page's first load costs. Each part's code is gzipped on its own, so the parts
 * add up to a little more than the whole (they share no compression dictionary): read them as relative costs.
 */
function explain(files) {
  const modules = JSON.parse(readFileSync(".tmp/modules.json", "utf8"));
  const code = new Map();
  for (const file of files) {
    for (const [id, text] of Object.entries(modules[file] ?? {})) code.set(partOf(id), (code.get(partOf(id)) ?? "") + text);
  }
  const costs = [...code].map(([part, text]) => [part, gzipSync(text, { level: 9 }).length]).sort((a, b) => b[1] - a[1]);
  for (const [part, bytes] of costs) if (bytes >= 200) console.log(`    ${part.padEnd(46)} ${kb(bytes).padStart(7)} KB`);
}

const why = process.argv.includes("--why");
for (const [name, { routes, catalogs }] of Object.entries(pages)) {
  const files = staticClosure(entryKey);
  staticClosure(earlyStartKey, files);
  for (const key of routes) staticClosure(key, files);
  for (const catalog of catalogs) files.add(largestCatalog(catalog));
  files.add(`assets/${quotesWorker}`);
  report(name, files);
  if (why) {
    console.log(`  by part (${name}):`);
    explain(files);
  }
}

// Loaded after the first paint, so not in the first-load figures above; printed so their cost stays in sight.
// The API client (ky) is requested as the shell starts and awaited by the first request.
// found by its ending: a worktree whose node_modules is a link to another checkout names it "../<checkout>/node_modules/…"
const apiClient = manifest[Object.keys(manifest).find((key) => key.endsWith("node_modules/ky/distribution/index.js"))];
if (!apiClient) throw new Error("the build has no ky chunk: is the API client imported statically?");
console.log(`\nAt the first API call, both pages: ${apiClient.file} ${kb(gz(apiClient.file))} KB gzip (ky)`);
console.log(`\nRoute chunks (budget ${budgets.routeChunk.budget} KB each):`);
for (const key of Object.keys(manifest)
  .filter((key) => key.startsWith("src/routes/"))
  .sort()) {
  const file = manifest[key].file;
  const size = gz(file) / 1024;
  const over = size > budgets.routeChunk.budget;
  if (over) failures++;
  console.log(`  ${key.replace(/\?.*/, "").padEnd(52)} ${size.toFixed(1).padStart(7)} KB${over ? "  OVER BUDGET" : ""}`);
}

// The customer app validates forms with contract/<domain>.ts checks; zod stays on the server (eslint's
// noZodInClient keeps the imports type-only, this catches a value import that slips through another path).
const withZod = readdirSync(join(dist, "assets")).filter(
  (file) => file.endsWith(".js") && readFileSync(join(dist, "assets", file), "utf8").includes("$ZodType"),
);
if (withZod.length) {
  failures++;
  console.log(`zod in the customer bundle: ${withZod.join(", ")} — OVER BUDGET`);
} else console.log("zod in the customer bundle: none");

if (failures > 0) {
  console.error(`\n${failures} size budget(s) exceeded.`);
  process.exit(1);
}
console.log(`\nAll size budgets met.`);
