import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { appUrl, baseUrl, launchBrowser, logInAsDemo, newPhoneContext, ops } from "./helpers";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("timed trading in the browser", () => {
  it("opens a product from Home, draws the chart with a moving price, places a 30 s up order and sees it settle", async () => {
    // the operator's view of the products, through the CLI
    const products = ops("products") as Array<{ code: string; tradingEnabled: boolean; options: string[] }>;
    expect(products.find((p) => p.code === "BTCUSDT")).toMatchObject({
      tradingEnabled: true,
      options: expect.arrayContaining(["30:0.8:10.00:5000.00"]),
    });

    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    await logInAsDemo(page);

    // Home: the crypto market trades around the clock, so the test does not depend on the day
    await page.goto(appUrl("/pages/index/index"));
    await page.getByRole("tab", { name: "Crypto" }).click();
    const homePrice = page.getByTestId("price-BTCUSDT");
    const first = await homePrice.textContent();
    await expect.poll(() => homePrice.textContent(), { timeout: 15_000 }).not.toBe(first);
    await page.locator("[data-code=BTCUSDT]").click();
    await page.waitForURL(/pages\/trade\/trade\?pid=\d+/);

    // the chart draws its candles and the price moves
    await page.locator("[data-testid=kline] canvas").first().waitFor();
    expect(Number(await page.getByTestId("kline").getAttribute("data-candles"))).toBeGreaterThan(50);
    const price = page.getByTestId("trade-price");
    const before = await price.textContent();
    await expect.poll(() => price.textContent(), { timeout: 15_000 }).not.toBe(before);
    expect(await page.getByText("Simulated prices").first().isVisible()).toBe(true);

    // the ticket computes fee and expected profit as the user types
    await page.getByRole("button", { name: "▲ Buy up" }).click();
    await page.getByRole("button", { name: /30s/ }).click();
    await page.getByLabel(/Amount/).fill("250");
    await expect.poll(() => page.getByTestId("ticket-fee").textContent()).toBe("2.50");
    expect(await page.getByTestId("ticket-profit").textContent()).toBe("+200.00");
    const placed = page.waitForResponse((response) => response.url().includes("/api/user/addorder"));
    await page.getByRole("button", { name: "Confirm buy up" }).click();
    const order = (await (await placed).json()).data as { id: number; openPrice: string };

    // countdown with live profit/loss, then the result
    const countdown = page.getByTestId("countdown");
    await countdown.waitFor();
    const firstLeft = Number((await countdown.textContent())!.match(/(\d+)s/)![1]);
    expect(firstLeft).toBeGreaterThan(20);
    await expect.poll(async () => Number((await countdown.textContent())?.match(/(\d+)s/)?.[1] ?? 0)).toBeLessThan(firstLeft);
    await page.getByTestId("order-result").waitFor({ timeout: 60_000 });

    // history shows the order with the open and close prices the server recorded
    const token = await page.evaluate(() => localStorage.getItem("token")!);
    const settled = (await (await fetch(`${baseUrl()}/api/user/get_this_order?id=${order.id}`, { headers: { token } })).json()).data;
    expect(settled.status).toBe("closed");
    expect(settled.openPrice).toBe(order.openPrice);
    await page.goto(appUrl("/pages/user/order"));
    await page.getByRole("tab", { name: "History" }).click();
    const row = page.locator(`[data-order-id="${order.id}"]`);
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain(`${settled.openPrice} → ${settled.closePrice}`);
    await row.click();
    const detail = page.getByTestId("order-detail");
    await detail.waitFor();
    expect(await detail.textContent()).toContain(settled.closePrice);
    await context.close();
  });
});
