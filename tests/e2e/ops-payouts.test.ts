import type { Browser, Page } from "playwright-core";
import { describe, expect } from "vitest";

import { addPerson, callData, firstAdmin, type Person, setMoneyRulesByTwo } from "../support/ops-people";
import { it, ownServer, test } from "./fixture";

/**
 * The desk's money steps in Chromium at 1366×900, on a server of its own: one admin proposes a credit for the
 * demo customer on the Adjustments page and is offered no way to apply it; a second person applies it there.
 * A withdrawal approved earlier waits in the "Approved, awaiting payout" view, where the second person records
 * the bank's reference and marks it paid. The customer then sees both: the adjustment with its reason in the
 * funds records, and "Paid" on the withdrawal.
 */
const server = ownServer({ withConsole: true });
const VIEWPORT = { width: 1366, height: 900 };
let browser: Browser;
let proposer: Person;
let applier: Person;
let customerToken = "";
let withdrawalId = 0;

const call = (path: string, fields: Record<string, string>, headers: Record<string, string>, method: "GET" | "POST" = "POST") =>
  callData(server.baseUrl, method, path, fields, headers);

/** A console page at the desk's size, signed in as `person` (their session from tests/support/ops-people.ts). */
async function consoleAs(person: Person): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const [name, value] = person.cookie.split("=", 2) as [string, string];
  await context.addCookies([{ name, value, url: server.baseUrl }]);
  return context.newPage();
}

test.beforeAll(async ({ browser: launched }) => {
  browser = launched;
  proposer = await firstAdmin(server.baseUrl, [server.dataDir], "desk-proposer", "first desk passphrase 2027");
  applier = await addPerson(server.baseUrl, proposer, "desk-applier", "admin", "second desk passphrase 2027");
  // withdrawals at any hour: a loosening, which the second admin approves
  await setMoneyRulesByTwo(server.baseUrl, proposer, applier, { window: "00:00-24:00", firstWithdrawalRealName: "0" });
  customerToken = (await call("/api/login/index", { account: "demo", password: "demo1234" }, {})).token as string;
  const token = { token: customerToken };
  const card = await call(
    "/api/user/add_card",
    // the demo's real name once verified (another browser test passes it): a bank card is bound in that name
    {
      type: "bank",
      bankName: "Payout Bank",
      number: "6222020000333341",
      holder: "Demo User",
      payPassword: "246810",
      requestId: "e2e-pay-c1",
    },
    token,
  );
  withdrawalId = (
    await call("/api/user/cash", { amount: "200", cardId: String(card.id), payPassword: "246810", requestId: "e2e-pay-w1" }, token)
  ).id as number;
  await call("/api/ops/withdrawal/review", { id: String(withdrawalId), decision: "approve" }, { cookie: proposer.cookie });
});

describe("payout steps and adjustments in the console", () => {
  it("one person proposes an adjustment, another applies it; a withdrawal is marked paid with the bank's reference", async () => {
    const cashBefore = Number((await call("/api/user/wallet", {}, { token: customerToken }, "GET")).cash);

    const first = await consoleAs(proposer);
    await first.goto(`${server.baseUrl}/ops/#/adjustments`);
    await first.getByRole("heading", { name: "Adjustments" }).waitFor({ timeout: 15_000 });
    const form = first.getByRole("form", { name: "Propose an adjustment" });
    await form.getByLabel("Customer account").fill("demo");
    await form.getByLabel("Direction").selectOption("credit");
    await form.getByLabel("Amount (U)").fill("15.25");
    await form.getByLabel("Reason").fill("goodwill for the outage");
    await form.getByRole("button", { name: "Propose" }).click();
    await form.getByRole("status").filter({ hasText: "Proposed: another person applies or rejects it" }).waitFor();
    const proposedRow = first.locator("[data-testid^=adjustment-]").filter({ hasText: "goodwill for the outage" });
    await proposedRow.getByText("Your proposal: another person applies or rejects it").waitFor();
    // nobody is offered a step the server would refuse: the proposer has no Apply
    expect(await proposedRow.getByRole("button", { name: "Apply" }).count()).toBe(0);
    const adjustmentId = (await proposedRow.getAttribute("data-testid"))!.replace("adjustment-", "");
    expect(Number((await call("/api/user/wallet", {}, { token: customerToken }, "GET")).cash)).toBe(cashBefore);

    const second = await consoleAs(applier);
    await second.goto(`${server.baseUrl}/ops/#/adjustments`);
    const row = second.getByTestId(`adjustment-${adjustmentId}`);
    await row.getByRole("button", { name: "Apply" }).click();
    await expect
      .poll(async () => Number((await call("/api/user/wallet", {}, { token: customerToken }, "GET")).cash))
      .toBeCloseTo(cashBefore + 15.25, 2);
    // the list's filter bar: the applied ones are a status choice, applied to the list
    await second.getByRole("search").getByLabel("Status").selectOption("applied");
    await second.getByRole("search").getByRole("button", { name: "Apply" }).click();
    await second.getByTestId(`adjustment-${adjustmentId}`).getByText("Applied · desk-applier").waitFor();

    // the approved withdrawal waits for its payment in its own view
    await second.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Withdrawals" }).click();
    await second.getByRole("heading", { name: "Withdrawals" }).waitFor();
    // the withdrawals list's filter bar: the payout view is one of its status choices, applied to the list
    const bar = second.getByRole("search");
    await bar.getByLabel("Status").selectOption("awaiting_payout");
    await bar.getByRole("button", { name: "Apply" }).click();
    const withdrawal = second.getByTestId(`withdrawal-${withdrawalId}`);
    const markPaid = withdrawal.getByRole("button", { name: "Mark paid" });
    expect(await markPaid.isDisabled()).toBe(true);
    await withdrawal.getByLabel("Bank reference").fill("E2E-BANK-REF-0001");
    await markPaid.click();
    await second
      .getByRole("status")
      .filter({ hasText: `#${withdrawalId}: Marked paid` })
      .waitFor();
    await bar.getByLabel("Status").selectOption("success");
    await bar.getByRole("button", { name: "Apply" }).click();
    await second.getByTestId(`withdrawal-${withdrawalId}`).getByText("E2E-BANK-REF-0001", { exact: false }).waitFor();

    // the customer sees both: the withdrawal paid, the adjustment with its reason
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: "block" });
    await phone.addInitScript((token) => localStorage.setItem("token", token), customerToken);
    const app = await phone.newPage();
    await app.goto(`${server.baseUrl}/h5/#/pages/user/cashrecord`);
    await expect
      .poll(() => app.getByTestId("withdraw-outcome").first().textContent(), { timeout: 15_000 })
      .toMatch(/^Paid \d{4}\u2011\d\d\u2011\d\d\u00a0/);
    await app.goto(`${server.baseUrl}/h5/#/pages/user/funds`);
    const line = app.locator("[data-testid=funds-records] li[data-kind=adjustment]").first();
    await line.waitFor({ timeout: 15_000 });
    expect(await line.textContent()).toContain("Adjustment");
    expect(await line.textContent()).toContain("Reason: goodwill for the outage");

    const reconcile = await call("/api/ops/reconcile", {}, { cookie: applier.cookie }, "GET");
    expect(reconcile.ok).toBe(true);
    await phone.close();
  });
});
