import { describe, expect } from "vitest";

import { btcProductId, fund } from "./customer";
import { it } from "./fixture";
import { appUrl } from "./helpers";

/**
 * A German customer sets a daily turnover limit on the Limits page (Mine → Security → Limits) and is then
 * refused an order above it, in German, naming the limit: on a phone-sized screen (390×844).
 */
describe("the customer's own limits in the browser", () => {
  it("sets a daily turnover limit on the Limits page, and an order over it is refused with the German message", async ({
    customerPage: page,
    customer,
  }) => {
    await fund(customer, "500");
    await page.goto(appUrl("/pages/public/language"));
    await page.locator('[data-language="de"]').click();
    await page.locator('[data-language="de"][aria-pressed="true"]').waitFor();

    // Mine → Security → Limits (German labels: locales/de/pages.po)
    await page.goto(appUrl("/pages/user/security"));
    await page.getByRole("link", { name: /Eigene Limits/ }).click();
    await page.waitForURL(/pages\/user\/limits/);
    await page.getByLabel("Tägliches Umsatzlimit").fill("20");
    const saved = page.waitForResponse((response) => response.url().includes("/api/user/limits") && response.request().method() === "POST");
    await page.getByRole("button", { name: "Limits speichern" }).click();
    expect(((await (await saved).json()) as { code: number }).code).toBe(1);
    await expect.poll(() => page.getByLabel("Tägliches Umsatzlimit").inputValue()).toBe("20.00");

    // an order of 50 passes the limit of 20: refused with the limit named, in German, in the confirm sheet
    await page.goto(appUrl(`/pages/trade/trade?pid=${await btcProductId()}`));
    // the German screen's 30-second chip ("30 Sek.")
    await page.locator(".tr-expiry-options .tr-chip").filter({ hasText: /^30\D/ }).click();
    await page.locator("#trade-amount").fill("50");
    await page.getByTestId("trade-up").click();
    const sheet = page.getByTestId("order-confirm");
    const refused = page.waitForResponse((response) => response.url().includes("/api/user/addorder"));
    await sheet.locator("button.button-up").click();
    expect(((await (await refused).json()) as { err: string }).err).toBe("limit_reached");
    const message = "Sie haben ein selbst gesetztes Limit erreicht: Tägliches Umsatzlimit";
    await expect.poll(() => sheet.locator(".field-error").textContent()).toBe(message);
  });
});
