import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const SOURCES = ["src", "sw", "contract", "public", "index.html", "vite.config.ts", "manifest.webmanifest", "package.json"];

// compiled catalogs are rewritten by every `lingui compile` and derive from the .po files already watched
const isGenerated = (path: string) => /\/locales\/[^/]+\/[^/]+\.ts$/.test(path);

function newestChange(path: string): number {
  if (!existsSync(path) || isGenerated(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestChange(join(path, entry))), stat.mtimeMs);
}

/** `npm start` builds the back-office console (its own Vite build) when it is missing or older than its sources. */
export async function buildConsoleIfNeeded(consoleDir: string): Promise<void> {
  const built = join(consoleDir, "index.html");
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const sourcesAt = Math.max(...["console", "contract/envelope.ts", "vite.ops.config.ts", "package.json"].map(newestChange));
  if (builtAt > sourcesAt) return;
  console.log("Building the back-office console…");
  const result = spawnSync("npm", ["run", "-s", "build:ops"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("the console build failed");
}

/** `npm start` builds the PWA when dist/ is missing or older than any of its sources. */
export async function buildPwaIfNeeded(distDir: string): Promise<void> {
  const built = join(distDir, "index.html");
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map(newestChange));
  if (builtAt > sourcesAt) return;
  console.log(builtAt ? "Sources changed since the last build: rebuilding the PWA…" : "Building the PWA (first start)…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("the PWA build failed");
}
