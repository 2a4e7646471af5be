import type { Page, Route } from "playwright-core";
import { describe, expect } from "vitest";

import { it, type PhoneOptions } from "./fixture";
import { appUrl, baseUrl } from "./helpers";

// What the first screen does not need: the deferred start-up chunk (update stream, service worker, result
// cards) and, on Home, the other pages' texts.
const DEFERRED = /\/assets\/after-first-render-[^/]+\.js$/;
const PAGES_CATALOG = /\/assets\/pages-[^/]+\.js$/;

type OpenPhone = (options?: PhoneOptions) => Promise<Page>;

/**
 * A signed-in phone with no service worker (a cold visit), every URL it asks for, and the requests matching
 * `hold` kept on the wire until `release()`.
 */
async function coldVisitHolding(openPhone: OpenPhone, token: string, hold: RegExp) {
  const page = await openPhone({
    serviceWorkers: "block",
    storageState: { cookies: [], origins: [{ origin: baseUrl(), localStorage: [{ name: "token", value: token }] }] },
  });
  const asked: string[] = [];
  page.on("request", (request) => asked.push(request.url()));
  const held: Route[] = [];
  let released = false;
  await page.route(hold, (route) => (released ? route.continue() : void held.push(route)));
  const release = async () => {
    released = true;
    for (const route of held.splice(0)) await route.continue();
  };
  return { page, asked, held, release };
}

/**
 * A cold first visit spends its network and CPU on the page itself (src/app/first-page-shown.ts): what only
 * later screens or later moments need starts once the first page is on screen, not with the first render,
 * where it arrived ahead of Home's largest text.
 */
describe("a cold first visit", () => {
  it("asks for the deferred start-up chunk and the pages catalog only once Home is shown", async ({ openPhone, demo }) => {
    // Home's content (banners, notices, news) held on the wire: its loader cannot resolve meanwhile
    const { page, asked, held, release } = await coldVisitHolding(openPhone, demo.token, /\/api\/index\/home(\?|$)/);

    await page.goto(appUrl("/"));
    // React has taken over from the pre-rendered shell and its router is waiting for Home's data
    await page.locator("#root > .frame:not(.static-shell)").waitFor();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    // (what started with the first render had its request out within this time, before the change)
    await page.waitForTimeout(500);
    expect(asked.filter((url) => DEFERRED.test(url) || PAGES_CATALOG.test(url))).toEqual([]);

    await release();
    await page.getByTestId("banner").waitFor();
    await expect.poll(() => asked.some((url) => DEFERRED.test(url))).toBe(true);
    await expect.poll(() => asked.some((url) => PAGES_CATALOG.test(url))).toBe(true);
  });

  // build/early-start.ts: Vite's loader waits for a page chunk's stylesheets before it runs the chunk; asked for
  // only then, they cost a round trip after the app has arrived
  it("asks for the trade screen's stylesheets before the app has arrived", async ({ openPhone, demo }) => {
    // the app's shell chunk held on the wire: nothing of the app runs meanwhile
    const { page, asked, held, release } = await coldVisitHolding(openPhone, demo.token, /\/assets\/app-shell-[^/]+\.js$/);

    await page.goto(appUrl("/pages/trade/trade?pid=1"), { waitUntil: "commit" });
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await expect.poll(() => asked.filter((url) => /\/assets\/trade-[^/]+\.css$/.test(url)).length).toBe(1);

    await release();
    await page.getByTestId("trade-up").waitFor({ timeout: 30_000 });
    // the app's own request for it was answered by the early one, not sent again
    expect(asked.filter((url) => /\/assets\/trade-[^/]+\.css$/.test(url)).length).toBe(1);
  });
});
