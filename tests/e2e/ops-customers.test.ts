import type { Browser, Page } from "playwright-core";
import { describe, expect } from "vitest";

import { makePng } from "../server/images";
import { registrationForm } from "../server/registration-form";
import { firstAdmin, type Person } from "../support/ops-people";
import { it, ownServer, test } from "./fixture";
import { uniqueAccount, uniquePhone } from "./helpers";

/**
 * The customer page in Chromium at 1366×900: an admin finds a customer from the Users page, freezes them, and
 * the customer's next order in the app is refused with the frozen message; then support's password reset: the
 * temporary password is shown once, the customer's session ends, and at the next login the app asks for a new
 * password before anything else.
 */
const server = ownServer({ withConsole: true });
const VIEWPORT = { width: 1366, height: 900 };
let browser: Browser;
let admin: Person;
let desk: Page;
let phone: Page;

async function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return (await response.json()) as { code: number; msg: string; data: any };
}

/** A customer registered and funded the honest way: a recharge with its screenshot, approved by the admin. */
async function fundedCustomer() {
  const account = uniqueAccount("frz");
  const mobile = uniquePhone();
  await post("/api/login/sendsms", { phone: mobile });
  const sms = await fetch(`${server.baseUrl}/api/ops/sms?phone=${mobile}`, { headers: { cookie: admin.cookie } });
  const code = ((await sms.json()) as { data: Array<{ code: string }> }).data[0]!.code;
  const registered = await post(
    "/api/login/reg",
    registrationForm({ account, password: "pass1234", payPassword: "fund1234", phone: mobile, smsCode: code }),
  );
  expect(registered.code, registered.msg).toBe(1);
  const token = registered.data.token as string;
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(makePng(40, 30))], { type: "image/png" }), "shot.png");
  const upload = await fetch(`${server.baseUrl}/api/user/uploadfile`, { method: "POST", headers: { token }, body: form });
  const screenshot = ((await upload.json()) as { data: { url: string } }).data.url;
  const channels = await fetch(`${server.baseUrl}/api/user/recharge`, { headers: { token } });
  const channelId = String(((await channels.json()) as { data: { channels: Array<{ id: number }> } }).data.channels[0]!.id);
  const recharge = await post("/api/user/dorecharge", { channelId, amount: "500", screenshot, requestId: `fund-${account}` }, { token });
  expect(recharge.code, recharge.msg).toBe(1);
  const review = await post("/api/ops/recharge/review", { id: String(recharge.data.id), decision: "approve" }, { cookie: admin.cookie });
  expect(review.code, review.msg).toBe(1);
  return { account, password: "pass1234" };
}

async function logIn(page: Page, account: string, password: string) {
  await page.goto(`${server.baseUrl}/h5/#/pages/login/login`);
  await page.getByRole("textbox", { name: "Account", exact: true }).fill(account);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

test.beforeAll(async ({ browser: launched }) => {
  browser = launched;
  admin = await firstAdmin(server.baseUrl, [server.dataDir], "cus-admin", "customer desk passphrase 2027");
  desk = await browser.newPage({ viewport: VIEWPORT });
  // the admin's session as the sign-in set it (an authenticator code is good once, and the setup just used this one)
  const [name, value] = admin.cookie.split("=") as [string, string];
  await desk.context().addCookies([{ name, value, url: `${server.baseUrl}/api/ops/` }]);
  phone = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
});

describe("the customer page", () => {
  it("freezes a customer whose next order the app refuses, and resets their password to one they must replace", async () => {
    const customer = await fundedCustomer();
    await logIn(phone, customer.account, customer.password);
    await phone.waitForURL(/pages\/user\/user/);

    // the desk finds the customer and opens their page from the Users list
    await desk.goto(`${server.baseUrl}/ops/#/users`);
    const bar = desk.getByRole("search");
    await bar.getByLabel("Search", { exact: true }).fill(customer.account);
    await bar.getByRole("button", { name: "Apply" }).click();
    await desk.getByRole("row").filter({ hasText: customer.account }).getByRole("link", { name: "Open" }).click();
    await desk.getByRole("heading", { name: new RegExp(`^${customer.account} \\(#\\d+\\)$`) }).waitFor();
    expect(await desk.getByTestId("customer-page").textContent()).toContain("500.00");
    await desk.getByRole("button", { name: "Freeze" }).click();
    await desk
      .getByTestId("customer-flags")
      .getByText(/^Frozen since/)
      .waitFor();
    await desk.getByRole("button", { name: "Unfreeze" }).waitFor();

    // the customer's next order is refused in the app, with the reason and what to do
    const products = await fetch(`${server.baseUrl}/api/index/ajaxdata?market=crypto`);
    const btc = ((await products.json()) as { data: Array<{ id: number; code: string }> }).data.find((p) => p.code === "BTCUSDT")!;
    await phone.goto(`${server.baseUrl}/h5/#/pages/trade/trade?pid=${btc.id}`);
    await phone.getByRole("button", { name: "30 sec", exact: true }).click();
    await phone.locator("#trade-amount").fill("20");
    await phone.getByTestId("trade-up").click();
    const refused = phone.waitForResponse((response) => response.url().includes("/api/user/addorder"));
    await phone.getByRole("button", { name: "Confirm buy up" }).click();
    expect(((await (await refused).json()) as { err: string }).err).toBe("account_frozen");
    await phone.locator(".toast-error", { hasText: "Your account is frozen" }).waitFor();

    // support's reset: shown once, the customer's session ends, and the new password comes before anything else
    await desk.getByRole("button", { name: "Reset password" }).click();
    const temporary = (await desk.getByTestId("temporary-password").locator("code").textContent())!;
    expect(temporary).toMatch(/^[A-Za-z2-9]{12}$/);
    await desk.getByRole("button", { name: "Done" }).click();
    expect(await desk.getByTestId("temporary-password").count()).toBe(0);
    await desk.getByTestId("customer-flags").getByText("Must choose a new password").waitFor();

    await logIn(phone, customer.account, temporary);
    await phone.waitForURL(/pages\/user\/setpassword/);
    await phone.getByText("Customer service has reset your password. Choose a new password to continue.").waitFor();
    // any other page of the account leads back here until a new password is set
    await phone.goto(`${server.baseUrl}/h5/#/pages/user/wallet`);
    await phone.waitForURL(/pages\/user\/setpassword/);
    await phone.getByLabel("Temporary password").fill(temporary);
    await phone.getByLabel("New password", { exact: true }).fill("fresh5678");
    await phone.getByLabel("New password again").fill("fresh5678");
    await phone.getByRole("button", { name: "Save" }).click();
    await phone.waitForURL(/pages\/user\/user/);
    await phone.goto(`${server.baseUrl}/h5/#/pages/user/wallet`);
    await phone.waitForURL(/pages\/user\/wallet/);
  });
});
