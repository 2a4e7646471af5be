import { describe, expect } from "vitest";

import { LIVE_REFRESH_MS } from "@/ui/use-live-refresh";

import { opsCall, placeBtcOrder } from "./customer";
import { it } from "./fixture";
import { appUrl, THIRTY_SECOND_RESULT_MS } from "./helpers";

describe("the update stream in the browser", () => {
  it("Mine shows a message the moment the operator sends it, and reads nothing on a timer while the stream holds", async ({
    openPhone,
    customer,
  }) => {
    const page = await openPhone();
    const userReads: string[] = [];
    let streams = 0;
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/api/user/index") userReads.push(url.pathname);
      if (url.pathname === "/api/stream") streams++;
    });
    await page.goto(appUrl("/"));
    await page.evaluate((token) => localStorage.setItem("token", token), customer.token);
    await page.goto(appUrl("/pages/user/user"));
    await page.getByTestId("account-name").filter({ hasText: customer.account }).waitFor({ timeout: 20_000 });
    await expect.poll(() => streams, { timeout: 15_000 }).toBe(1);
    // the stream's opening reads the page once (what it may have missed); then nothing for two polling periods
    await page.waitForTimeout(1_000);
    const settled = userReads.length;
    await page.waitForTimeout(LIVE_REFRESH_MS * 2 + 500);
    expect(userReads.length).toBe(settled);

    const sent = await opsCall("POST", "/api/ops/message", { account: customer.account, title: "Live", body: "Straight to your screen" });
    expect(sent.code).toBe(1);
    await page.getByTestId("unread-badge").filter({ hasText: "1" }).waitFor({ timeout: 5_000 });
    expect(streams).toBe(1);
  });

  it(
    "a settled order's result shows as a card over the screen the customer is on, and opens the order",
    async ({ openPhone, demo }) => {
      const page = await openPhone({ signedIn: demo });
      const id = await placeBtcOrder(demo);
      await page.goto(appUrl("/pages/user/wallet"));
      const card = page.locator(`[data-testid=result-card][data-order="${id}"]`);
      await card.waitFor({ timeout: THIRTY_SECOND_RESULT_MS });
      expect(await card.getAttribute("data-result")).toMatch(/^(win|loss|tie)$/);
      expect(await card.textContent()).toMatch(/(Won|Lost|Tie) .* U · /);
      await card.getByRole("link").click();
      await page.waitForURL((url) => url.hash === `#/pages/user/orderdetail?id=${id}`);
      await page.getByTestId("order-detail").waitFor();
      expect(await card.count()).toBe(0);
    },
    30_000 + THIRTY_SECOND_RESULT_MS,
  );
});
