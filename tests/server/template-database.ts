import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import type { PGlite } from "@electric-sql/pglite";

import { openDatabase } from "#server/db/client";

const root = fileURLToPath(new URL("../..", import.meta.url));
const migrationsFolder = join(root, "server/db/migrations");

/**
 * What a template was made from: every migration file and PGlite's version. A changed or new migration makes
 * another template, so a test never starts from a schema the migrations would not give it.
 */
function templateKey(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(migrationsFolder);
  hash.update(JSON.parse(readFileSync(join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8")).version as string);
  return hash.digest("hex").slice(0, 16);
}

let inThisFile: Promise<Blob> | undefined;

/**
 * A dump of an in-memory PGlite with every migration applied, made once and kept in `.tmp/` for every later
 * test file and worker: opening PGlite from it skips initdb and the migrations (seconds per file on the shared
 * box). Written under a temporary name and renamed, so a worker never reads another's half-written file; two
 * workers making it at once both write the same content.
 */
export function migratedTemplate(): Promise<Blob> {
  inThisFile ??= loadOrMake();
  return inThisFile;
}

async function loadOrMake(): Promise<Blob> {
  const folder = join(root, ".tmp/test-templates");
  const file = join(folder, `pglite-${templateKey()}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // not made yet: make it below
  }
  const database = await openDatabase({ dataDir: null });
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    const bytes = Buffer.from(await dump.arrayBuffer());
    mkdirSync(folder, { recursive: true });
    const partial = `${file}.${process.pid}.part`;
    writeFileSync(partial, bytes);
    renameSync(partial, file);
    for (const old of readdirSync(folder))
      if (old.startsWith("pglite-") && join(folder, old) !== file && !old.endsWith(".part")) {
        rmSync(join(folder, old), { force: true });
      }
    return new Blob([bytes]);
  } finally {
    await database.close();
  }
}
