import { describe, expect } from "vitest";

import { it } from "./fixture";
import { allRoutes, baseUrl, openPage as open, reloadUnderServiceWorker, routeWithSearch } from "./helpers";

// After one online visit the whole app opens offline. Pages with saved data show it under the
// "offline — as of" banner, pages without say so plainly, money actions are disabled with an explanation,
// and coming back online refreshes the page.
describe("offline", () => {
  it("after one online visit every page opens offline, with saved copies, plain words or disabled money actions", async ({
    demoPage: page,
  }) => {
    // pages whose data is saved for offline reading once they have been seen online
    const saved = [
      "/",
      "/pages/user/user",
      "/pages/user/wallet",
      "/pages/user/order",
      "/pages/user/message",
      "/pages/user/notice",
      "/pages/user/rechargerecord",
      "/pages/user/cashrecord",
      "/pages/user/cash",
      "/pages/user/recharge",
      "/pages/user/bank",
      "/pages/user/finance",
      "/pages/project/project",
      "/pages/about/list",
      "/pages/customer/customer",
      "/pages/trade/trade",
    ];

    const context = page.context();
    await reloadUnderServiceWorker(page);
    for (const path of saved) await open(page, await routeWithSearch(path));
    // an order's details, seen once online
    const token = await page.evaluate(() => localStorage.getItem("token"));
    const pid = new URL(`http://x${await routeWithSearch("/pages/trade/trade")}`).searchParams.get("pid")!;
    const body = new URLSearchParams({ pid, direction: "up", seconds: "30", amount: "10", requestId: crypto.randomUUID() });
    const order = (await (await fetch(`${baseUrl()}/api/user/addorder`, { method: "POST", headers: { token: token! }, body })).json())
      .data as {
      id: number;
    };
    const orderPath = `/pages/user/orderdetail?id=${order.id}`;
    await open(page, orderPath);
    await page.getByTestId("order-detail").waitFor();

    await context.setOffline(true);
    const routes = allRoutes();
    expect(routes.length).toBeGreaterThan(25);
    for (const path of routes) {
      await open(page, await routeWithSearch(path));
      expect(await page.getByTestId("route-error").count(), `${path} broke offline`).toBe(0);
      const text = (await page.locator("main").first().innerText()).trim();
      expect(text.length, `${path} is blank offline`).toBeGreaterThan(0);
      if (saved.includes(path)) {
        expect(
          await page.locator(".offline-banner").count(),
          `${path} shows its saved copy with the banner: ${text.slice(0, 200)}`,
        ).toBeGreaterThan(0);
      }
    }

    await open(page, orderPath);
    await page.getByTestId("order-detail").waitFor();
    expect(await page.locator(".offline-banner").count()).toBeGreaterThan(0);

    // money actions: disabled, with the reason, never queued
    await open(page, "/pages/user/wallet");
    await page.getByText("You are offline. Money actions need a connection and are never queued.").waitFor();
    expect(await page.getByRole("button", { name: "Exchange", exact: true }).isDisabled()).toBe(true);
    await open(page, "/pages/user/recharge");
    await page.getByText("You are offline. This needs a connection and is never queued.").waitFor();
    expect(await page.getByRole("button", { name: "Submit", exact: true }).isDisabled()).toBe(true);
    await open(page, await routeWithSearch("/pages/trade/trade"));
    await page.getByText("You are offline. Orders need a connection and are never queued.").waitFor();
    expect(await page.getByTestId("trade-up").isDisabled()).toBe(true);
    expect(await page.getByTestId("trade-down").isDisabled()).toBe(true);

    // back online: the saved copy gives way to fresh data without a manual reload
    await open(page, "/pages/user/wallet");
    expect(await page.locator(".offline-banner").count()).toBeGreaterThan(0);
    await context.setOffline(false);
    await expect.poll(() => page.locator(".offline-banner").count(), { timeout: 15_000 }).toBe(0);
  });
});
