import { describe, expect } from "vitest";

import { fund, placeBtcOrder } from "./customer";
import { it } from "./fixture";
import { openPage, reloadUnderServiceWorker } from "./helpers";

/**
 * The funds statement on a 390×844 phone: reached from Mine, it shows a recharge's line and an order's stake and
 * fee lines with their reasons in words, signed amounts and the balance after each; the kind filter narrows the
 * lines; a line opens its record; after one visit the page opens offline from its saved copy under the banner.
 */
describe("the funds statement", () => {
  it("shows a recharge and an order's lines, narrows by kind, opens the order, and opens offline after a visit", async ({
    customer,
    openPhone,
  }) => {
    await fund(customer, "500");
    const orderId = await placeBtcOrder(customer);
    const page = await openPhone({ signedIn: customer });
    await reloadUnderServiceWorker(page);

    await page.getByRole("link", { name: "Funds records" }).click();
    const lines = page.locator("[data-testid=funds-records] > li");
    await page.locator("[data-testid=funds-records] li[data-kind=order_fee]").waitFor({ timeout: 20_000 });
    // newest first; the order may have settled meanwhile, which adds its line on top
    const kinds = await lines.evaluateAll((items) => items.map((item) => item.getAttribute("data-kind")));
    expect(kinds.filter((kind) => kind !== "order_settlement")).toEqual(["order_fee", "order_stake", "recharge"]);
    const recharge = page.locator("li[data-kind=recharge]");
    expect(await recharge.innerText()).toContain("Recharge");
    expect(await recharge.getByTestId("funds-amount").innerText()).toBe("+500.00 U");
    expect(await recharge.innerText()).toContain("Balance 500.00 U");
    const stake = page.locator("li[data-kind=order_stake]");
    expect(await stake.innerText()).toContain("Order stake");
    expect(await stake.getByTestId("funds-amount").innerText()).toBe("-10.00 U");
    expect(await stake.getByTestId("funds-amount").evaluate((node) => getComputedStyle(node).color)).not.toBe(
      await recharge.getByTestId("funds-amount").evaluate((node) => getComputedStyle(node).color),
    );
    const balances = page.getByTestId("funds-balances");
    expect(await balances.locator("tr[data-account=cash]").innerText()).toMatch(/Cash\s+0\.00 U\s+4\d\d\.\d\d U/);

    await page.getByTestId("funds-kind").selectOption("recharge");
    await expect.poll(() => lines.count(), { timeout: 20_000 }).toBe(1);
    expect(await lines.first().getAttribute("data-kind")).toBe("recharge");
    expect(page.url()).toContain("kind=recharge");

    await page.getByTestId("funds-kind").selectOption("");
    await page.locator("li[data-kind=order_stake]").waitFor({ timeout: 20_000 });
    await page.locator("li[data-kind=order_stake] a").click();
    await page.getByTestId("order-detail").waitFor({ timeout: 20_000 });
    expect(page.url()).toContain(`orderdetail?id=${orderId}`);

    await openPage(page, "/pages/user/funds");
    await page.locator("li[data-kind=recharge]").waitFor({ timeout: 20_000 });
    await page.context().setOffline(true);
    await openPage(page, "/pages/user/funds");
    await page.locator(".offline-banner").waitFor({ timeout: 20_000 });
    expect(await page.locator("[data-testid=funds-records] > li").count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId("funds-csv").isDisabled()).toBe(true);
    await page.context().setOffline(false);
  });
});
