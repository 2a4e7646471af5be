import type { Page } from "playwright-core";
import { describe, expect } from "vitest";

import { setMoneyRulesByTwo, twoAdmins } from "../support/ops-people";
import { it, ownServer, test } from "./fixture";
import { newPhoneContext, translation } from "./helpers";

/**
 * The first-withdrawal rule as a fresh installation has it (on: a passed real-name check before the first
 * payout), in Chromium at 390×844, on a server of this file's own so no other test's money rules apply. The
 * demo customer starts unverified (SEED_DEMO=unverified); the app in German. Asking to withdraw is refused
 * with the rule's reason in German and a link to the real-name verification, which opens it; the server
 * refuses the same request on its own.
 */
const server = ownServer({ env: { SEED_DEMO: "unverified" } });
const DEMO = { account: "demo", password: "demo1234", payPassword: "246810" };
let token: string;
let page: Page;

async function call(method: "GET" | "POST", path: string, fields: Record<string, string> = {}) {
  const query = new URLSearchParams(fields).toString();
  const response =
    method === "GET"
      ? await fetch(`${server.baseUrl}${path}`, { headers: token ? { token } : {} })
      : await fetch(`${server.baseUrl}${path}`, {
          method,
          headers: { "content-type": "application/x-www-form-urlencoded", ...(token ? { token } : {}) },
          body: query,
        });
  return (await response.json()) as { code: number; msg: string; err?: string; data: any };
}

test.beforeAll(async ({ browser }) => {
  // withdrawals open at every hour, so the only rule in the way is the real-name one (left as it starts: on)
  const [admin, second] = await twoAdmins(server.baseUrl, [server.dataDir], "realname");
  const rules = await setMoneyRulesByTwo(server.baseUrl, admin, second, { window: "00:00-24:00" });
  expect(rules.firstWithdrawalRealName).toBe(true);

  const login = await call("POST", "/api/login/index", { account: DEMO.account, password: DEMO.password });
  expect(login.code, login.msg).toBe(1);
  token = login.data.token;
  expect((await call("GET", "/api/user/index")).data.verified).toBeFalsy();
  // before a real-name check a card is kept in the holder's name as typed
  const card = await call("POST", "/api/user/add_card", {
    type: "bank",
    bankName: "First Bank",
    number: "6222020000111127",
    holder: "Demo User",
    payPassword: DEMO.payPassword,
    requestId: "realname-card-1",
  });
  expect(card.code, card.msg).toBe(1);

  const context = await newPhoneContext(browser, {
    storageState: { cookies: [], origins: [{ origin: server.baseUrl, localStorage: [{ name: "token", value: token }] }] },
  });
  page = await context.newPage();
  await page.goto(`${server.baseUrl}/h5/#/pages/public/language`);
  await page.locator('[data-language="de"]').click();
  await page.locator('[data-language="de"][aria-pressed="true"]').waitFor();
});

describe("the first withdrawal of a customer without a passed real-name check", () => {
  it("is refused with the reason in the customer's language and a link to the real-name verification", async () => {
    await page.goto(`${server.baseUrl}/h5/#/pages/user/cash`);
    const notice = page.getByTestId("withdraw-real-name");
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.textContent()).toContain(translation("de", "Your first withdrawal needs a passed real-name verification."));

    await page.locator('input[name="amount"]').fill("200");
    await page.getByRole("button", { name: translation("de", "Submit") }).click();
    const refusal = page.getByTestId("withdraw-refusal");
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe(translation("de", "error.withdraw_real_name_required"));
    // no sheet asking for the fund password: the request could not succeed
    expect(await page.locator('input[name="payPassword"]').count()).toBe(0);

    // the server refuses it too, whatever the page did
    const cards = (await call("GET", "/api/user/cash")).data.cards as Array<{ id: number }>;
    const asked = await call("POST", "/api/user/cash", {
      amount: "200",
      cardId: String(cards[0]!.id),
      payPassword: DEMO.payPassword,
      requestId: "realname-withdraw-1",
    });
    expect(asked.err).toBe("withdraw_real_name_required");

    await notice.getByRole("link", { name: translation("de", "Verify your identity") }).click();
    await page.waitForURL(/#\/pages\/user\/auth/);
    // the verification form itself, under its German title
    await page.getByText(translation("de", "Real-name verification")).first().waitFor();
    await page.locator('input[name="idNumber"]').waitFor();
  });
});
