import { describe, expect } from "vitest";

import { apiCall, askRecharge, opsCall } from "./customer";
import { it } from "./fixture";
import { appUrl } from "./helpers";

/**
 * The customer switches the app to German; the server is told, so the message it writes when a recharge is
 * rejected (an operator's decision, in another session altogether) is in German when the customer reads it.
 */
describe("review messages in the customer's language", () => {
  it("tells a German reader in German that a recharge was rejected", async ({ customerPage: page, customer }) => {
    await page.goto(appUrl("/pages/public/language"));
    await page.locator('[data-language="de"]').click();
    await page.locator('[data-language="de"][aria-pressed="true"]').waitFor();
    // the switch reached the server: what the server writes this customer from now on is German
    await expect.poll(async () => (await apiCall("GET", "/api/user/index", {}, customer.token)).data.language).toBe("de");

    const id = await askRecharge(customer, "300", `de-${customer.account}`, { width: 41, height: 29 });
    const rejected = await opsCall("POST", "/api/ops/recharge/review", {
      id,
      decision: "reject",
      reason: "Beleg unleserlich",
    });
    expect(rejected.code, rejected.msg).toBe(1);

    await page.goto(appUrl("/pages/user/message"));
    // the German catalog's "Recharge rejected" (locales/de/pages.po, notice.recharge_rejected.title)
    const title = "Einzahlung abgelehnt";
    await page.getByText(title).first().waitFor();
    expect(await page.getByText("Recharge rejected").count()).toBe(0);
  });
});
