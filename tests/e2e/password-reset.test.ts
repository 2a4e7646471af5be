import { describe, expect } from "vitest";

import { registrationForm } from "../server/registration-form";
import { apiCall, opsCall } from "./customer";
import { it } from "./fixture";
import { appUrl, uniqueAccount, uniquePhone } from "./helpers";

describe("a forgotten password in the browser", () => {
  it("login → Forgot your password? → code to the phone → new password twice → the old session is over → log in with it", async ({
    page,
  }) => {
    const account = uniqueAccount("forgot");
    const phone = uniquePhone();
    expect((await apiCall("POST", "/api/login/sendsms", { phone })).code).toBe(1);
    const [registrationCode] = (await opsCall("GET", "/api/ops/sms", { phone })).data as Array<{ code: string }>;
    const registered = await apiCall(
      "POST",
      "/api/login/reg",
      registrationForm({ account, password: "before123", payPassword: "fund1234", phone, smsCode: registrationCode!.code }),
    );
    expect(registered.code, registered.msg).toBe(1);
    const oldToken = registered.data.token as string;

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(appUrl("/pages/login/login"));
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.waitForURL(/#\/pages\/login\/forgot$/);
    await page.getByLabel("Phone number", { exact: true }).fill(phone);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect
      .poll(() => page.locator(".toast").allTextContents())
      .toContain("If this number belongs to an account, a verification code is on its way to it");
    // the reset code as the operator's outbox lists it under the number
    const codes = (await opsCall("GET", "/api/ops/sms", { phone })).data as Array<{ phone: string; code: string }>;
    const resetCode = codes.find((sms) => sms.phone.startsWith("reset:"))!.code;
    await page.getByLabel("Verification code", { exact: true }).fill(resetCode);
    await page.getByLabel("New password", { exact: true }).fill("after4567");
    await page.getByLabel("New password again", { exact: true }).fill("after4567");
    await page.getByRole("button", { name: "Reset password" }).click();
    await page.waitForURL(/#\/pages\/login\/login$/);
    await expect.poll(() => page.locator(".toast").allTextContents()).toContain("Your password was reset: log in with the new one");

    // the session opened before the reset is over
    expect((await apiCall("GET", "/api/user/index", {}, oldToken)).code).not.toBe(1);
    await page.getByRole("textbox", { name: "Account", exact: true }).fill(account);
    await page.getByLabel("Password", { exact: true }).fill("after4567");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(/#\/pages\/user\/user/);
    await expect.poll(() => page.getByTestId("account-name").textContent()).toContain(account);
  });
});
