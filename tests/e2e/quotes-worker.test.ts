import type { BrowserContext, Page } from "playwright-core";
import { describe, expect } from "vitest";

import { apiPaths } from "#contract/paths";

import { it } from "./fixture";
import { appUrl } from "./helpers";

// The quotes worker polls once a second while the page shows quotes, and not at all while the device is
// offline or the page is hidden — counted here from the requests Chromium sees leave the worker.
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
    expect(await pollsDuring(page, polls, 3_500)).toBeGreaterThanOrEqual(2);

    await context.setOffline(true);
    await page.waitForTimeout(300);
    expect(await pollsDuring(page, polls, 3_500)).toBe(0);
    await context.setOffline(false);
    expect(await pollsDuring(page, polls, 2_500)).toBeGreaterThanOrEqual(1);

    await setHidden(page, true);
    await page.waitForTimeout(300);
    expect(await pollsDuring(page, polls, 3_500)).toBe(0);
    await setHidden(page, false);
    expect(await pollsDuring(page, polls, 2_500)).toBeGreaterThanOrEqual(1);
  });
});
