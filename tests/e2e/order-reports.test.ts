import { describe, expect } from "vitest";

import { apiCall, fund } from "./customer";
import { it } from "./fixture";
import { appUrl, THIRTY_SECOND_RESULT_MS } from "./helpers";

interface SettledOrder {
  pid: number;
  code: string;
  amount: string;
  fee: string;
  payout: string;
  result: "win" | "loss" | "tie";
}

const cents = (text: string) => Math.round(Number(text) * 100);
const signed = (value: number) =>
  `${value > 0 ? "+" : value < 0 ? "-" : ""}${(Math.abs(value) / 100).toLocaleString("en", { minimumFractionDigits: 2 })}`;

describe("the Order tab's statement and history filters", () => {
  it(
    "shows the statement's net result, win rate and counts as the settled orders add up, and narrows the history on the server",
    async ({ customer, openPhone }) => {
      await fund(customer, "2000");
      const products = (await apiCall("GET", "/api/index/ajaxdata", { market: "crypto" })).data as Array<{ id: number; code: string }>;
      const btc = products.find((p) => p.code === "BTCUSDT")!.id;
      const eth = products.find((p) => p.code === "ETHUSDT")!.id;
      const orders: Array<[number, string, string]> = [
        [btc, "up", "100"],
        [btc, "down", "150"],
        [eth, "up", "200"],
      ];
      for (const [i, [pid, direction, amount]] of orders.entries()) {
        const placed = await apiCall(
          "POST",
          "/api/user/addorder",
          { pid: String(pid), direction, seconds: "30", amount, requestId: `stmt-${customer.account}-${i}` },
          customer.token,
        );
        expect(placed.code, placed.msg).toBe(1);
      }
      // settlement: 30 s, then the reveal of the exit minute's seed
      await expect
        .poll(async () => (await apiCall("GET", "/api/user/ajaxorder_list", {}, customer.token)).data.length, {
          timeout: THIRTY_SECOND_RESULT_MS,
          interval: 1000,
        })
        .toBe(0);
      const settled = (await apiCall("GET", "/api/user/orderlist", {}, customer.token)).data.items as SettledOrder[];
      expect(settled).toHaveLength(3);
      const net = settled.reduce((sum, o) => sum + cents(o.payout) - cents(o.amount) - cents(o.fee), 0);
      const wins = settled.filter((o) => o.result === "win").length;
      const losses = settled.filter((o) => o.result === "loss").length;
      const ties = settled.filter((o) => o.result === "tie").length;

      const page = await openPhone({ signedIn: customer });
      await page.goto(appUrl("/pages/user/order"));
      await page.getByRole("tab", { name: "Statement" }).click();
      const statement = page.locator(".statement");
      await statement.waitFor();
      expect(await statement.getAttribute("data-days")).toBe("7");
      expect(await page.getByTestId("statement-net").textContent()).toBe(signed(net));
      expect(await page.getByTestId("statement-orders").textContent()).toBe("3");
      expect(await page.getByTestId("statement-results").textContent()).toBe(`${wins} · ${losses} · ${ties}`);
      expect(await page.getByTestId("statement-win-rate").textContent()).toBe(`${((wins * 100) / 3).toFixed(1)}%`);
      const staked = settled.reduce((sum, o) => sum + cents(o.amount), 0);
      expect(await page.getByTestId("statement-stake").textContent()).toBe(`${(staked / 100).toFixed(2)} U`);
      // seven bars, today's the last, carrying the day's net
      const bars = page.locator("[data-testid=statement-chart] rect");
      expect(await bars.count()).toBe(7);
      expect(cents((await bars.last().getAttribute("data-net"))!)).toBe(net);
      // per product: BTC and ETH
      expect(
        await page.locator("[data-testid=statement-products] li").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-code"))),
      ).toEqual(expect.arrayContaining(["BTCUSDT", "ETHUSDT"]));

      // 30 days: the same orders, thirty bars
      await page.getByRole("button", { name: "30 days" }).click();
      await expect.poll(() => statement.getAttribute("data-days")).toBe("30");
      expect(await bars.count()).toBe(30);
      expect(await page.getByTestId("statement-net").textContent()).toBe(signed(net));

      // history: the server narrows by product, then by result
      await page.getByRole("tab", { name: "History" }).click();
      const rows = page.getByTestId("history-order");
      await expect.poll(() => rows.count()).toBe(3);
      const filtered = page.waitForResponse(
        (response) => response.url().includes("/api/user/orderlist") && response.url().includes(`pid=${eth}`),
      );
      await page.getByLabel("Product").selectOption({ label: "ETH/USDT" });
      await filtered;
      await expect.poll(() => rows.count()).toBe(1);
      await page.getByLabel("Product").selectOption({ label: "All products" });
      await expect.poll(() => rows.count()).toBe(3);
      await page.getByLabel("Result").selectOption("win");
      await expect.poll(() => rows.count()).toBe(wins);
      if (wins === 0) await page.getByText("No orders match").waitFor();
      await page.getByRole("button", { name: "Clear filters" }).click();
      await expect.poll(() => rows.count()).toBe(3);
    },
    60_000 + THIRTY_SECOND_RESULT_MS,
  );

  it("says once that an order does not exist: the page's empty state, no toast besides", async ({ customerPage: page }) => {
    await page.goto(appUrl("/pages/user/orderdetail?id=987654"));
    await page.getByText("Order not found").first().waitFor();
    await page.waitForTimeout(500); // a toast would have shown by now
    expect(await page.locator(".toast").count()).toBe(0);
  });
});
