import type { BrowserContext, Page } from "playwright-core";
import { describe, expect } from "vitest";

import { apiPaths } from "#contract/paths";

import { it } from "./fixture";
import { appUrl } from "./helpers";

// The quotes worker polls once a second while the page shows quotes, and not at all while the device is
// offline or the page is hidden — counted here from the requests Chromium sees leave the worker. None may
// leave in 3.5 s offline or hidden; polling must come back after, however slowly the machine runs.
function countQuotePolls(context: BrowserContext): { since(): number; reset(): void } {
  let count = 0;
  context.on("request", (request) => {
    if (new URL(request.url()).pathname === apiPaths.latestQuotes.path) count++;
  });
  return { since: () => count, reset: () => (count = 0) };
}

async function pollsDuring(page: Page, polls: { since(): number; reset(): void }, ms: number): Promise<number> {
  polls.reset();
  await page.waitForTimeout(ms);
  return polls.since();
}

/**
 * Waits for `count` more polls, up to 30 s: a loaded machine makes the worker late, not silent, so the test
 * asks that polling resumes, not how many polls fit in a fixed window. Answers whether they came.
 */
async function pollsResume(page: Page, polls: { since(): number; reset(): void }, count: number): Promise<boolean> {
  polls.reset();
  for (let waited = 0; waited < 30_000 && polls.since() < count; waited += 100) await page.waitForTimeout(100);
  return polls.since() >= count;
}

/** Chromium has no switch for a tab's visibility in headless mode; the page learns it from these two. */
async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((hidden) => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (hidden ? "hidden" : "visible") });
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);
}

describe("quotes worker", () => {
  it("stops polling while offline or hidden and resumes after", async ({ openPhone }) => {
    const page = await openPhone({ serviceWorkers: "block" });
    const context = page.context();
    const polls = countQuotePolls(context);
    await page.goto(appUrl("/"));
    await page.locator(".quote-row").first().waitFor();
    expect(await pollsResume(page, polls, 2)).toBe(true);

    await context.setOffline(true);
    await page.waitForTimeout(300);
    expect(await pollsDuring(page, polls, 3_500)).toBe(0);
    await context.setOffline(false);
    expect(await pollsResume(page, polls, 1)).toBe(true);

    await setHidden(page, true);
    await page.waitForTimeout(300);
    expect(await pollsDuring(page, polls, 3_500)).toBe(0);
    await setHidden(page, false);
    expect(await pollsResume(page, polls, 1)).toBe(true);
  });
});
