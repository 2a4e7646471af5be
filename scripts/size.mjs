// `npm run size`: gzip sizes of the JS the first route (Home) loads and of every route chunk, from the built
// dist/ (run `npm run build` first). Budgets are reported here; issue 6 turns them into a failing check.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const dist = "dist";
const budgetsKb = JSON.parse(readFileSync("scripts/size-budgets.json", "utf8"));
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

// What index.html pulls in: its entry script and the modules it preloads.
const html = readFileSync(join(dist, "index.html"), "utf8");
const initial = [...html.matchAll(/(?:src|href)="\/h5\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
// The entry's static imports (rolldown hoists them as `import … from "./x.js"`) load before the first render.
const seen = new Set();
function collect(file) {
  if (seen.has(file)) return;
  seen.add(file);
  const code = readFileSync(join(dist, file), "utf8");
  for (const match of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^"';]*?from\s*)?"\.\/([^"]+\.js)"/g)) collect(`assets/${match[1]}`);
}
initial.forEach(collect);
const firstRoute = [...seen];
const firstRouteBytes = firstRoute.reduce((sum, file) => sum + gz(file), 0);

console.log(`First route (Home) JS: ${kb(firstRouteBytes)} KB gzip in ${firstRoute.length} files (budget ${budgetsKb.firstRoute} KB)`);
for (const file of firstRoute) console.log(`  ${file.padEnd(48)} ${kb(gz(file)).padStart(7)} KB`);

const chunks = readdirSync(join(dist, "assets")).filter((file) => file.endsWith(".js") && !seen.has(`assets/${file}`));
console.log(`\nOther chunks (loaded on demand):`);
for (const file of chunks.sort()) console.log(`  assets/${file.padEnd(41)} ${kb(gz(`assets/${file}`)).padStart(7)} KB`);
const over = firstRouteBytes / 1024 > budgetsKb.firstRoute;
console.log(over ? `\nOver the first-route budget (reported, not enforced yet).` : `\nWithin the first-route budget.`);
