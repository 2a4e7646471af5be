import type { Page } from "playwright-core";
import { describe, expect } from "vitest";

import { it } from "./fixture";
import { appUrl, logInAsDemo, ops } from "./helpers";

// The login page itself signs in here (not the fixture's stored session): what is tested is the session it starts.

/** Counts the app's reads of the account (GET /api/user/index) from now on. */
function countUserReads(page: Page): () => number {
  let reads = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/user/index") reads++;
  });
  return () => reads;
}

async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((hash) => (location.hash = hash), path);
  await page.waitForFunction((hash) => location.hash.startsWith(`#${hash}`), path, { timeout: 5000 });
  await page.locator("main:not([aria-busy])").first().waitFor({ timeout: 5000 });
}

describe("one session on the client", () => {
  it("Home knows a signed-in customer after a reload: no Log in button", async ({ page }) => {
    await logInAsDemo(page);
    await page.goto(appUrl("/"));
    await page.reload();
    await page.locator(".quote-list, [data-testid=quotes]").first().waitFor();
    expect(await page.getByRole("link", { name: "Log in" }).count()).toBe(0);
  });

  it("guarded pages and hover preloads answer from the session instead of reading the account each time", async ({ page }) => {
    await logInAsDemo(page);
    await page.getByTestId("masked-phone").waitFor(); // Mine has read the account
    const reads = countUserReads(page);
    const pages = [
      "/pages/user/security",
      "/pages/user/order",
      "/pages/user/bank",
      "/pages/user/message",
      "/pages/user/invite",
      "/pages/user/cashrecord",
      "/pages/user/rechargerecord",
      "/pages/project/project",
      "/pages/user/wallet",
      "/pages/user/notice",
    ];
    for (const path of pages) {
      await openInApp(page, path);
      // hovering a tab preloads its page, guard included
      for (const tab of ["/pages/user/order", "/pages/project/project"]) {
        const link = page.locator(`.tabbar a[href$="#${tab}"]`);
        if (await link.isVisible()) await link.hover({ timeout: 2000 });
      }
    }
    // at most one read when the half-minute window runs out on a slow machine; before, one per page and preload
    expect(reads()).toBeLessThanOrEqual(1);
  });

  it("a write makes the next guarded page read the account again", async ({ page }) => {
    ops("message", "demo", "Session check", "A message to open.");
    await logInAsDemo(page);
    await page.getByTestId("masked-phone").waitFor(); // Mine has read the account
    const reads = countUserReads(page);
    await openInApp(page, "/pages/user/message");
    expect(reads()).toBe(0);
    // opening an unread message is a write (marks it read); the badge's count is read again
    await page
      .getByRole("button", { name: /Session check/ })
      .first()
      .click();
    await expect.poll(reads).toBe(1);
  });
});
