import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";

import { it, ownServer } from "./fixture";
import { reloadUnderServiceWorker } from "./helpers";

// Deploy safety: version 1 is served, version 2 (a build with another APP_VERSION, so every chunk
// name changes) replaces it on disk as a deploy would, and open tabs must end up on version 2 without breaking.
const server = ownServer({ copyOfDist: true });
let version2: string;

// the app's entry: named by the HTML and started after the first paint (build/paint-first.ts)
const entryScript = (html: string) => html.match(/<meta name="app-entry" content="(\/h5\/assets\/index-[^"]+\.js)"/)?.[1];
const pageEntry = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[name="app-entry"]')?.getAttribute("content"));

/** The registration's workers as the page sees them, for a failure's message. */
const workerStates = (page: Page) =>
  page
    .evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const describe = (worker: ServiceWorker | null | undefined) => (worker ? `${worker.state}` : "none");
      return `installing ${describe(registration?.installing)}, waiting ${describe(registration?.waiting)}, active ${describe(registration?.active)}`;
    })
    .catch((error: unknown) => String(error));

function deploy(): void {
  for (const entry of readdirSync(server.dist)) rmSync(join(server.dist, entry), { recursive: true, force: true });
  cpSync(version2, server.dist, { recursive: true });
}

beforeAll(() => {
  version2 = mkdtempSync(join(tmpdir(), "trading-v2-"));
  const build = spawnSync("node_modules/.bin/vite", ["build", "--outDir", version2, "--emptyOutDir", "--logLevel", "warn"], {
    env: { ...process.env, APP_VERSION: "2.0.0-deploy-test" },
    stdio: "inherit",
  });
  if (build.status !== 0) throw new Error("building version 2 failed");
});
afterAll(() => rmSync(version2, { recursive: true, force: true }));

describe("deploying a new version", () => {
  it("serves HTML and sw.js for revalidation and hashed assets as immutable", async () => {
    const html = await fetch(`${server.baseUrl}/h5/`);
    expect(html.headers.get("cache-control")).toBe("no-cache");
    expect((await fetch(`${server.baseUrl}/h5/sw.js`)).headers.get("cache-control")).toBe("no-cache");
    const asset = entryScript(await html.text());
    expect((await fetch(`${server.baseUrl}${asset}`)).headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("prompts and reloads into version 2; a tab left on version 1 whose chunk is gone reloads once into version 2", async ({
    openPhone,
  }) => {
    const v1Entry = entryScript(readFileSync(join(server.dist, "index.html"), "utf8"));
    const v2Entry = entryScript(readFileSync(join(version2, "index.html"), "utf8"));
    expect(v1Entry).toBeDefined();
    expect(v2Entry).toBeDefined();
    expect(v2Entry).not.toBe(v1Entry);

    const updater = await openPhone();
    const context = updater.context();
    await updater.goto(`${server.baseUrl}/h5/#/`);
    await updater.locator(".quote-row").first().waitFor({ timeout: 30_000 });
    await reloadUnderServiceWorker(updater);
    // the app is up again under the worker (it registers its Workbox, which shows the prompt, after its first render)
    await updater.locator(".quote-row").first().waitFor({ timeout: 30_000 });
    // a second tab on version 1 that has not yet opened the register page
    const stale = await context.newPage();
    await stale.goto(`${server.baseUrl}/h5/#/`);
    // version 1's app is up in it (the shell's own tab bar is in the HTML, before the app has started)
    await stale.locator(".quote-row").first().waitFor({ timeout: 30_000 });
    expect(await pageEntry(stale)).toBe(v1Entry);

    deploy();

    // (a) the update prompt appears and its reload lands on version 2
    await updater.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const prompt = updater.getByTestId("update-prompt");
    await prompt.waitFor({ timeout: 30_000 });
    await prompt.getByRole("button", { name: "Reload" }).click();
    // The new worker takes over, then the page reloads. On CI this once took over 20 s (never seen here): Chrome
    // activates a worker that skipped waiting only once the old one has no event in hand. A failure says where
    // the workers stood.
    await expect
      .poll(() => pageEntry(updater).catch(() => "navigating"), { timeout: 60_000 })
      .toBe(v2Entry)
      .catch(async (error: unknown) => {
        throw new Error(`${String(error)}; the workers then: ${await workerStates(updater)}`);
      });
    await updater.locator(".quote-row").first().waitFor({ timeout: 30_000 });

    // (b) the new worker is active and version 1's chunks are gone from cache and server alike
    await expect
      .poll(() => stale.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state), { timeout: 20_000 })
      .toBe("activated");
    // the precache fetched every v1 chunk through the HTTP cache; a phone may have evicted them since
    await (await context.newCDPSession(stale)).send("Network.clearBrowserCache");
    let loads = 0;
    stale.on("load", () => loads++);
    await stale.evaluate(() => (location.hash = "#/pages/login/register"));
    await expect.poll(() => pageEntry(stale), { timeout: 30_000 }).toBe(v2Entry);
    await stale.getByRole("button", { name: "Register" }).waitFor({ timeout: 20_000 });
    expect(loads).toBe(1);
    expect(await stale.getByTestId("route-error").count()).toBe(0);
  }, 240_000);
});
