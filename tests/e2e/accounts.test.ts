import { describe, expect } from "vitest";

import { it } from "./fixture";
import { appUrl, logInAsDemo, ops, tabLabels, translation, uniqueAccount, uniquePhone } from "./helpers";

// Registration and login are what is tested here, so they go through their pages (not the fixture's sessions).
describe("accounts in the browser", () => {
  it("register with SMS code and invite → Mine → jp → change password → log out → log in again", async ({ page }) => {
    const account = uniqueAccount("web");
    const phone = uniquePhone();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(appUrl("/pages/login/register?code=DEMO88"));
    const invite = page.getByLabel("Invitation code", { exact: true });
    await expect.poll(() => invite.inputValue()).toBe("DEMO88");
    await page.getByLabel("Account", { exact: true }).fill(account);
    await page.getByLabel("Password", { exact: true }).fill("first123");
    await page.getByLabel("Password again", { exact: true }).fill("first123");
    await page.getByLabel("Fund password", { exact: true }).fill("fund1234");
    await page.getByLabel("Fund password again", { exact: true }).fill("fund1234");
    await page.getByLabel("Phone number", { exact: true }).fill(phone);
    await page.getByRole("button", { name: "Send code" }).click();
    // the button counts down from 60 s and cannot be pressed again meanwhile
    await expect.poll(() => page.getByRole("button", { name: /Resend in \d+ sec\./ }).isDisabled()).toBe(true);
    const [latest] = ops("sms", phone) as Array<{ code: string }>;
    await page.getByLabel("Verification code", { exact: true }).fill(latest!.code);
    // without the confirmation of age and of the risk warning the server refuses, in the catalogue's words
    await page.getByRole("button", { name: "Register" }).click();
    await expect.poll(() => page.getByText("Confirm that you are 18 or older and have read the risk warning").count()).toBeGreaterThan(0);
    expect(page.url()).toContain("/pages/login/register");
    const confirmation = page.getByLabel("I am 18 or older and have read the risk warning above.");
    await confirmation.scrollIntoViewIfNeeded();
    await confirmation.check();
    await page.getByRole("button", { name: "Register" }).click();

    await page.waitForURL(/#\/pages\/user\/user/);
    await expect.poll(() => page.getByTestId("account-name").textContent()).toContain(account);
    const masked = await page.getByTestId("masked-phone").textContent();
    expect(masked).toContain(`${phone.slice(0, 3)}*`);
    expect(masked).not.toContain(phone);
    expect(await tabLabels(page)).toEqual(["Home", "Invest", "Order", "Mine"]);

    // language: the tab labels follow at once, without a reload
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await page.getByRole("link", { name: "Language" }).click();
    await page.getByRole("button", { name: "日本語" }).click();
    await expect.poll(() => page.locator(".navbar-title").textContent()).toBe(translation("jp", "Language"));
    await page.getByRole("button", { name: translation("jp", "Back") }).click();
    const japaneseTabs = ["Home", "Invest", "Order", "Mine"].map((label) => translation("jp", label));
    await expect.poll(() => tabLabels(page)).toEqual(japaneseTabs);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("jp");
    // product names follow the language too: Home names gold in Japanese
    await page.locator(".tabbar .tab-label", { hasText: translation("jp", "Home") }).click();
    await page.getByRole("tab", { name: translation("jp", "Metals") }).click();
    await expect.poll(() => page.locator('.quote-row[data-code="XAUUSD"] .quote-name strong').textContent()).toBe("金 XAU/USD");
    // back to English for the rest of the walk
    await page.goto(appUrl("/pages/public/language"));
    await page.getByRole("button", { name: "English" }).click();
    await page.goto(appUrl("/pages/user/user"));
    await expect.poll(() => tabLabels(page)).toEqual(["Home", "Invest", "Order", "Mine"]);

    // change the login password
    await page.getByRole("link", { name: "Security" }).click();
    await page.getByRole("link", { name: /Login password/ }).click();
    await page.getByLabel("Old password", { exact: true }).fill("first123");
    await page.getByLabel("New password", { exact: true }).fill("second123");
    await page.getByLabel("New password again", { exact: true }).fill("second123");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/#\/pages\/user\/security/);

    // log out, then in with the new password
    await page.goto(appUrl("/pages/user/user"));
    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(/#\/pages\/login\/login/);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await page.getByLabel("Account", { exact: true }).fill(account);
    await page.getByLabel("Password", { exact: true }).fill("first123");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect.poll(() => page.locator(".toast").allTextContents()).toContain("Wrong account or password, try again");
    await page.getByLabel("Password", { exact: true }).fill("second123");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(/#\/pages\/user\/user/);
    await expect.poll(() => page.getByTestId("account-name").textContent()).toContain(account);
  });

  it("a protected page opened while logged out lands on login, and login leads back to it", async ({ page }) => {
    await page.goto(appUrl("/pages/user/security"));
    await page.waitForURL(/#\/pages\/login\/login\?redirect=/);
    await page.getByLabel("Account", { exact: true }).fill("demo");
    await page.getByLabel("Password", { exact: true }).fill("demo1234");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(/#\/pages\/user\/security$/);
    await expect.poll(() => page.locator(".navbar-title").textContent()).toBe("Security");
  });

  it("a session that dies while the app is open sends the user to log in", async ({ page }) => {
    await logInAsDemo(page);
    await page.evaluate(() => localStorage.setItem("token", "revoked-token"));
    // the next page that asks the server (the wallet's balances) finds the session gone; a page drawn from the
    // user read half a minute ago (Security) asks nothing, and the test would hang on whatever Mine still had in
    // flight when the token changed
    await page.getByRole("link", { name: "Wallet" }).click();
    await page.waitForURL(/#\/pages\/login\/login\?redirect=/);
    expect(decodeURIComponent(page.url())).toContain("/pages/user/wallet");
  });
});
