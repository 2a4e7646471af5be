import { existsSync } from "node:fs";

import { chromium } from "playwright-core";

/** The flags this machine's closed network needs (no background connections) and a root user needs. */
export const CHROME_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const SYSTEM_BROWSERS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable"];

/**
 * The browser for tests, Lighthouse and the bench, in this order: `CHROME_PATH`; a system Chromium or Chrome;
 * else the Chromium shipped inside the npm package `@sparticuz/chromium` (unpacked to /tmp on first use), so a
 * machine with nothing but Node runs every browser test. `IGNORE_SYSTEM_TOOLS=1` skips the system look-up (to
 * prove the npm fallback). Says once which one it uses.
 */
let resolved;
export function chromePath() {
  resolved ??= (async () => {
    let path = process.env.CHROME_PATH;
    let source = "CHROME_PATH";
    if (!path && process.env.IGNORE_SYSTEM_TOOLS !== "1") {
      path = SYSTEM_BROWSERS.find((candidate) => existsSync(candidate));
      source = "system";
    }
    if (!path) {
      const { default: packaged } = await import("@sparticuz/chromium");
      path = await packaged.executablePath();
      source = "npm package @sparticuz/chromium";
    }
    console.log(`browser: ${path} (${source})`);
    return path;
  })();
  return resolved;
}

export async function launchBrowser() {
  return chromium.launch({ executablePath: await chromePath(), args: CHROME_ARGS, headless: true });
}
