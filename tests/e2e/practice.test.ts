import { describe, expect } from "vitest";

import { apiCall, btcProductId } from "./customer";
import { it } from "./fixture";
import { appUrl } from "./helpers";

/** A figure as the page shows it (grouped, two decimals) read as a number. */
const amountOf = (text: string | null) => Number((text ?? "").replace(/[^\d.]/g, ""));

describe("the practice account in the browser", () => {
  it("a new customer lands on Practice, places a practice order that moves the practice balance and not the real one, switches to Real, and resets practice from Mine", async ({
    customerPage: page,
    customer,
  }) => {
    // Mine: a customer with no approved recharge trades with practice money, 10 000.00 of it
    const mineSwitch = page.getByTestId("mine-account").getByTestId("account-switch");
    await expect.poll(() => mineSwitch.getAttribute("data-account")).toBe("practice");
    expect(amountOf(await page.getByTestId("mine-practice-balance").textContent())).toBe(10_000);

    // the trade screen says Practice on the balance and on the ticket
    const pid = await btcProductId();
    await page.goto(appUrl(`/pages/trade/trade?pid=${pid}`));
    const tradeSwitch = page.locator(".tr-head").getByTestId("account-switch");
    await tradeSwitch.waitFor();
    expect(await tradeSwitch.getAttribute("data-account")).toBe("practice");
    expect(await page.getByTestId("account-practice").first().getAttribute("aria-checked")).toBe("true");
    await page.getByTestId("ticket-practice").waitFor();
    const balance = page.getByTestId("trade-balance");
    await expect.poll(async () => amountOf(await balance.textContent())).toBe(10_000);
    expect(await balance.getAttribute("data-account")).toBe("practice");
    // practice is orange, not the real balance's colour
    expect(await balance.evaluate((element) => getComputedStyle(element).color)).toBe("rgb(255, 159, 67)");

    // a practice order: stake 100 and fee 1 leave the practice balance; the real one stays at zero
    await page.getByRole("button", { name: "30 sec", exact: true }).click();
    await page.locator("#trade-amount").fill("100");
    await page.getByTestId("trade-up").click();
    const placed = page.waitForResponse((response) => response.url().includes("/api/user/addorder"));
    await page.getByRole("button", { name: "Confirm buy up" }).click();
    const order = (await (await placed).json()) as { code: number; data: { id: number; account: string } };
    expect(order).toMatchObject({ code: 1, data: { account: "practice" } });
    await expect.poll(async () => amountOf(await balance.textContent())).toBe(9_899);
    const wallet = await apiCall("GET", "/api/user/wallet", {}, customer.token);
    expect(wallet.data).toMatchObject({ cash: "0.00", practice: "9899.00", recharged: false });

    // Real: the cash balance, no practice label on the ticket
    await page.getByTestId("account-real").click();
    await expect.poll(async () => amountOf(await balance.textContent())).toBe(0);
    expect(await balance.getAttribute("data-account")).toBe("real");
    expect(await page.getByTestId("ticket-practice").count()).toBe(0);

    // the Orders tab lists the practice order under Practice only
    await page.goto(appUrl("/pages/user/order"));
    const holding = page.getByTestId("holding-order");
    await page.locator(".orders-account").getByTestId("account-real").waitFor();
    expect(await holding.count()).toBe(0);
    await page.locator(".orders-account").getByTestId("account-practice").click();
    await holding.first().waitFor();
    expect(await holding.first().getByTestId("practice-badge").isVisible()).toBe(true);
    await holding.first().click();
    await page.getByTestId("order-practice").waitFor();

    // Mine keeps the choice made on the trade screen, and resets practice after a confirm
    await page.goto(appUrl("/pages/user/user"));
    await expect.poll(() => mineSwitch.getAttribute("data-account")).toBe("real");
    await page.getByTestId("practice-reset").click();
    const sheet = page.getByTestId("confirm-sheet");
    expect(amountOf(await sheet.getByTestId("confirm-practice-now").textContent())).toBe(9_899);
    await sheet.getByRole("button", { name: "Confirm" }).click();
    await expect.poll(async () => amountOf(await page.getByTestId("mine-practice-balance").textContent())).toBe(10_000);
    expect((await apiCall("GET", "/api/user/wallet", {}, customer.token)).data).toMatchObject({ cash: "0.00", practice: "10000.00" });
  });
});
