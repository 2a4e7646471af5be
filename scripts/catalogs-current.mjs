// `npm test`'s catalog step: fails when `lingui extract` would change any catalog (a message added, changed or
// removed in the source but not in the .po files), listing the ids, and leaves the tracked files as they were.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = "locales";
const catalogs = readdirSync(root).flatMap((code) =>
  readdirSync(join(root, code))
    .filter((name) => name.endsWith(".po"))
    .map((name) => join(root, code, name)),
);
const before = new Map(catalogs.map((file) => [file, readFileSync(file, "utf8")]));

const extract = spawnSync("node_modules/.bin/lingui", ["extract", "--clean"], { encoding: "utf8" });
const after = new Map(catalogs.map((file) => [file, readFileSync(file, "utf8")]));
for (const [file, text] of before) writeFileSync(file, text);
if (extract.status !== 0) {
  process.stderr.write(extract.stdout + extract.stderr);
  process.exit(1);
}

/** The msgids of a .po file (multi-line ids joined). */
function ids(text) {
  const found = new Set();
  for (const match of text.matchAll(/^msgid ((?:"(?:[^"\\]|\\.)*"\s*)+)/gm)) {
    const id = [...match[1].matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((part) => part[1]).join("");
    if (id) found.add(id);
  }
  return found;
}

let stale = 0;
for (const [file, text] of before) {
  if (after.get(file) === text) continue;
  stale++;
  const was = ids(text);
  const wouldBe = ids(after.get(file));
  const missing = [...wouldBe].filter((id) => !was.has(id));
  const gone = [...was].filter((id) => !wouldBe.has(id));
  console.error(`${file} is not current:`);
  for (const id of missing) console.error(`  missing: ${id}`);
  for (const id of gone) console.error(`  stale:   ${id}`);
  if (missing.length === 0 && gone.length === 0) console.error("  (same ids; comments, order or formatting differ)");
}
if (stale > 0) {
  console.error(`\n${stale} catalog(s) differ from the source: run \`npm run i18n:extract\`, translate, and commit them.`);
  process.exit(1);
}
console.log(`${catalogs.length} catalogs match the source.`);
