import type { Page } from "playwright-core";
import { describe, expect } from "vitest";

import { apiPaths } from "#contract/paths";

import { it } from "./fixture";
import { appUrl, openPage, ops } from "./helpers";

// Feel: skeletons while loaders run past 200 ms, pull to refresh on lists, empty states with an action.
/** A finger pulling the page down by `distance` px from (x, y), through the DevTools protocol. */
async function pullDown(page: Page, distance: number): Promise<void> {
  const session = await page.context().newCDPSession(page);
  const x = 200;
  const y = 250;
  await session.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  for (let step = 1; step <= 10; step++) {
    await session.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: y + (distance * step) / 10 }] });
  }
  await session.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await session.detach();
}

describe("feel", () => {
  it("shows a skeleton while a page's loader runs past 200 ms, then the page", async ({ demoPage: page }) => {
    const context = page.context();
    await context.route(`**${apiPaths.messages.path}*`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.getByRole("link", { name: /Messages/ }).click();
    await page.locator("main[aria-busy=true] .skeleton").first().waitFor({ timeout: 1_400 });
    await page.locator("main:not([aria-busy]) .navbar-title").waitFor();
    expect(await page.locator(".skeleton").count()).toBe(0);
  });

  it("pulling a list down from the top reloads it; a short pull does not", async ({ openPhone, demo }) => {
    const page = await openPhone({ hasTouch: true, isMobile: true, signedIn: demo });
    await openPage(page, "/pages/user/message");
    let loads = 0;
    page.on("request", (request) => {
      if (request.url().includes(apiPaths.messages.path)) loads++;
    });

    const title = `Pulled in ${Date.now()}`;
    ops("message", "demo", title, "Sent while the list was open.");
    await pullDown(page, 60);
    await page.waitForTimeout(800);
    expect(loads).toBe(0);
    expect(await page.getByText(title).count()).toBe(0);

    await pullDown(page, 240);
    await page.getByText(title).waitFor({ timeout: 10_000 });
    expect(loads).toBe(1);
  });

  it("a page with no data and no saved copy says so and offers to try again", async ({ demoPage: page }) => {
    const context = page.context();
    await page.goto(appUrl("/"));
    // a proxy's error page, not a dead network: the app stays online, so only the button brings the page back
    await context.route(`**${apiPaths.bankCards.path}*`, (route) => route.fulfill({ status: 502, body: "<html>502</html>" }));
    await page.goto(appUrl("/pages/user/bank"));
    const retry = page.getByRole("button", { name: "Try again" });
    await retry.waitFor();
    await context.unroute(`**${apiPaths.bankCards.path}*`);
    await retry.click();
    await page.getByRole("heading", { name: "Bank cards" }).waitFor();
  });
});
