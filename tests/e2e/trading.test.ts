import { describe, expect } from "vitest";

import { apiPaths } from "#contract/paths";

import { it } from "./fixture";
import { appUrl, baseUrl, ops, THIRTY_SECOND_RESULT_MS } from "./helpers";

describe("timed trading in the browser", () => {
  it("opens a product from Home, draws the chart, is told each refused amount in the trade bar, places a 30 s up order through the confirm sheet, sees it settle with the balance following, and sees the Order tab follow a settlement", async ({
    demoPage: page,
  }) => {
    // the operator's view of the products, through the CLI
    const products = ops("products") as Array<{ code: string; tradingEnabled: boolean; options: string[] }>;
    expect(products.find((p) => p.code === "BTCUSDT")).toMatchObject({
      tradingEnabled: true,
      options: expect.arrayContaining(["30:0.8:10.00:5000.00"]),
    });

    const context = page.context();

    // Home: the crypto market trades around the clock, so the test does not depend on the day
    await page.goto(appUrl("/pages/index/index"));
    await page.getByRole("tab", { name: "Crypto" }).click();
    const homePrice = page.getByTestId("price-BTCUSDT");
    const first = await homePrice.textContent();
    await expect.poll(() => homePrice.textContent(), { timeout: 15_000 }).not.toBe(first);
    await page.locator("[data-code=BTCUSDT]").click();
    await page.waitForURL(/pages\/trade\/trade\?pid=\d+/);
    const pid = /pid=(\d+)/.exec(page.url())![1]!;

    // the chart draws its candles and the price moves
    await page.locator("[data-testid=kline] canvas").first().waitFor();
    expect(Number(await page.getByTestId("kline").getAttribute("data-candles"))).toBeGreaterThan(50);
    const price = page.getByTestId("trade-price");
    const before = await price.textContent();
    await expect.poll(() => price.textContent(), { timeout: 15_000 }).not.toBe(before);
    expect(await page.getByText("Simulated prices").first().isVisible()).toBe(true);

    // the trade bar shows the net profit as the user types, and says which rule an amount breaks
    await page.getByRole("button", { name: "30 sec", exact: true }).click();
    const amount = page.locator("#trade-amount");
    const ticketError = page.getByTestId("ticket-error");
    await amount.fill("5");
    await expect.poll(() => ticketError.textContent()).toBe("The amount must be at least 10.00.");
    await amount.fill("6000");
    await expect.poll(() => ticketError.textContent()).toBe("The amount can be at most 5,000.00.");
    await amount.fill("250");
    await expect.poll(() => page.getByTestId("net-up").textContent()).toBe("+197.50");
    expect(await ticketError.textContent()).toBe("");
    const balance = async () => Number((await page.getByTestId("trade-balance").textContent())!.replaceAll(",", ""));
    const balanceBefore = await balance();

    // confirm each order is on by default: the sheet shows the fee; a refusal from the server is drawn above
    // the open sheet and inside it
    await page.getByTestId("trade-up").click();
    const sheet = page.getByTestId("order-confirm");
    await expect.poll(() => sheet.getByTestId("ticket-fee").textContent()).toBe("2.50");
    expect(await sheet.getByTestId("ticket-net").textContent()).toBe("+197.50");
    const refusal = "Holding maximum total amount is 1000";
    await context.route(
      `**${apiPaths.placeOrder.path}*`,
      (route) => route.fulfill({ json: { code: 0, msg: refusal, err: "holding_total_max", data: null } }),
      { times: 1 },
    );
    await page.getByRole("button", { name: "Confirm buy up" }).click();
    await expect.poll(() => sheet.locator(".field-error").textContent()).toBe(refusal);
    await page.locator(".toast-error", { hasText: refusal }).waitFor();
    const [toastLayer, sheetLayer] = await page.evaluate(() =>
      [".toasts", ".sheet-backdrop"].map((selector) => Number(getComputedStyle(document.querySelector(selector)!).zIndex)),
    );
    expect(toastLayer).toBeGreaterThan(sheetLayer!);

    const placed = page.waitForResponse((response) => response.url().includes("/api/user/addorder"));
    await page.getByRole("button", { name: "Confirm buy up" }).click();
    const order = (await (await placed).json()).data as { id: number; openPrice: string; closeTime: number; resultAt: number };

    // the balance in the header follows the order: stake and fee are gone at once
    await expect.poll(balance).toBeCloseTo(balanceBefore - 252.5, 2);

    // the expiry line counts down on the chart, then the result shows over it
    const countdown = () =>
      page.evaluate((id) => {
        // the lines the chart drew (KlineChart keeps them on its box)
        const box = document.querySelector("[data-testid=kline]") as HTMLElement & {
          marks?: Array<{ name: string; label: { formatter: string } }>;
        };
        const mark = box.marks?.find((m) => m.name === `expiry-${id}`);
        const [minutes, seconds] = (mark?.label?.formatter ?? "0:00").split(":").map(Number);
        return minutes! * 60 + seconds!;
      }, order.id);
    await expect.poll(countdown).toBeGreaterThan(20);
    const firstLeft = await countdown();
    // the label ticks once a second: poll past a whole tick even on a loaded machine (the default is 1 s)
    await expect.poll(countdown, { timeout: 5_000 }).toBeLessThan(firstLeft);
    // its time is up: the result waits for the reveal of its price minute, and says so with a countdown (when the
    // wait is long enough to see; an order ending at a minute's end settles within the 2 s grace)
    expect(order.resultAt).toBeGreaterThan(order.closeTime);
    if (order.resultAt - order.closeTime >= 8) {
      const pending = page.locator(`[data-testid=order-pending][data-order="${order.id}"]`);
      await pending.waitFor({ timeout: 45_000 });
      expect(await pending.textContent()).toMatch(/Expired — result when the price minute is revealed \(≈ \d+ s\)$/);
    }
    // this order's result (another order of the demo customer's may settle meanwhile): the 30 s, then up to a
    // minute and the grace for the reveal
    await page.locator(`[data-testid=order-result][data-order="${order.id}"]`).waitFor({ timeout: THIRTY_SECOND_RESULT_MS });
    expect(await page.locator(`[data-testid=order-pending][data-order="${order.id}"]`).count()).toBe(0);

    // history shows the order with the open and close prices the server recorded
    const token = await page.evaluate(() => localStorage.getItem("token")!);
    const settled = (await (await fetch(`${baseUrl()}/api/user/get_this_order?id=${order.id}`, { headers: { token } })).json()).data;
    expect(settled.status).toBe("closed");
    expect(settled.openPrice).toBe(order.openPrice);
    // the settlement reaches the balance without reloading the page
    await expect.poll(balance).toBeCloseTo(balanceBefore - 2.5 + Number(settled.profit), 2);
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

    // the Order tab follows the server: an order placed elsewhere leaves "Settling…" for the history once settled
    const body = new URLSearchParams({ pid, direction: "down", seconds: "30", amount: "10", requestId: crypto.randomUUID() });
    const second = (await (await fetch(`${baseUrl()}/api/user/addorder`, { method: "POST", headers: { token }, body })).json()).data as {
      id: number;
      closeTime: number;
      resultAt: number;
    };
    await page.goto(appUrl("/pages/user/order"));
    const holding = page.locator(`[data-testid=holding-order][href$="id=${second.id}"]`);
    await holding.waitFor();
    if (second.resultAt - second.closeTime >= 8) await holding.getByTestId("holding-pending").waitFor({ timeout: 45_000 });
    // generous: the 30 s term, the reveal of its price minute, and the server's settlement pass
    await holding.waitFor({ state: "detached", timeout: THIRTY_SECOND_RESULT_MS });
    await page.getByRole("tab", { name: "History" }).click();
    await page.locator(`[data-order-id="${second.id}"]`).waitFor({ timeout: 5_000 });
  }, 300_000);
});
