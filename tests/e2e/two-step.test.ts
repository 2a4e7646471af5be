import { describe, expect } from "vitest";

import { totpCode } from "#server/modules/totp/totp";

import { it } from "./fixture";
import { appUrl } from "./helpers";

/** The authenticator app's code `ahead` steps from now, as the test's "phone" computes it from the shown key. */
const codeNow = (secret: string, ahead = 0) => totpCode(secret, Math.floor(Date.now() / 1000) + ahead * 30);

/**
 * A customer turns two-step sign-in on (Mine → Security → Two-step sign-in) with a code the test computes from
 * the key the page shows, keeps the recovery codes, logs out, and logs in again with a code: on a phone-sized
 * screen (390×844).
 */
describe("two-step sign-in in the browser", () => {
  it("is turned on with a code, and the next login asks for a code after the password", async ({ customerPage: page, customer }) => {
    await page.goto(appUrl("/pages/user/security"));
    await page.getByRole("link", { name: /Two-step sign-in/ }).click();
    await page.waitForURL(/pages\/user\/twostep/);
    await page.getByRole("button", { name: "Set up" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await page.getByTestId("otpauth-link").getAttribute("href")).toContain(`secret=${secret}`);
    await page.getByLabel("Authentication code").fill(codeNow(secret));
    await page.getByRole("button", { name: "Turn on" }).click();
    const codes = page.getByTestId("recovery-codes").locator("li");
    await expect.poll(() => codes.count()).toBe(10);
    await page.getByRole("button", { name: "I have saved the codes" }).click();
    await page.getByTestId("two-step-off").waitFor();

    // log out, then in: the password alone is not enough
    await page.goto(appUrl("/pages/user/user"));
    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(/#\/pages\/login\/login/);
    // the form's field: Mine's "Account" section may still be on screen while the login page loads
    await page.getByRole("textbox", { name: "Account", exact: true }).fill(customer.account);
    await page.getByLabel("Password", { exact: true }).fill(customer.password);
    await page.getByRole("button", { name: "Log in" }).click();
    const step = page.getByTestId("two-step-login");
    await step.waitFor();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    // the code used to turn it on is spent; the app's next one (one step of drift is accepted) is not
    await step.getByLabel("Authentication code").fill(codeNow(secret, 1));
    await step.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(/#\/pages\/user\/user/);
    await expect.poll(() => page.getByTestId("account-name").textContent()).toContain(customer.account);
  });
});
