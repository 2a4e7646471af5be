import type { BrowserContext, Page } from "playwright-core";
import { describe, expect } from "vitest";

import { registrationForm } from "../server/registration-form";
import { addPerson, firstAdmin, type Person } from "../support/ops-people";
import { it, ownServer, test } from "./fixture";
import { uniqueAccount, uniquePhone } from "./helpers";

/**
 * The support chat in Chromium, both ways and live: a customer on the PWA (390×844) writes on the
 * customer-service page, a support operator on the console (1366×900) sees the thread arrive in the inbox,
 * opens it and replies, and the reply appears in the customer's chat without a reload. Then the phone goes
 * offline, a line is written and waits on the device (the offline banner says so), and once the phone is back
 * online it reaches the operator's open thread exactly once. Last, one operator hands the thread to a colleague
 * by name, and it moves from the one's Mine to the other's.
 */
const server = ownServer({ withConsole: true });
let admin: Person;
let support: Person;
let phoneContext: BrowserContext;
let phone: Page;
let desk: Page;
let account: string;
let token: string;

async function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return (await response.json()) as { code: number; msg: string; data: any };
}

/** The customer's thread as the server holds it: every line's text. */
async function serverLines(): Promise<string[]> {
  const response = await fetch(`${server.baseUrl}/api/user/support?after=0`, { headers: { token } });
  const body = (await response.json()) as { data: { lines: Array<{ text: string | null }> } };
  return body.data.lines.map((line) => line.text ?? "");
}

test.beforeAll(async ({ browser }) => {
  admin = await firstAdmin(server.baseUrl, [server.dataDir], "chat-admin", "chat desk passphrase 2027");
  support = await addPerson(server.baseUrl, admin, "chat-support", "support", "support desk passphrase 2027");
  account = uniqueAccount("chat");
  const mobile = uniquePhone();
  await post("/api/login/sendsms", { phone: mobile });
  const sms = await fetch(`${server.baseUrl}/api/ops/sms?phone=${mobile}`, { headers: { cookie: admin.cookie } });
  const code = ((await sms.json()) as { data: Array<{ code: string }> }).data[0]!.code;
  const registered = await post(
    "/api/login/reg",
    registrationForm({ account, password: "pass1234", payPassword: "fund1234", phone: mobile, smsCode: code }),
  );
  expect(registered.code, registered.msg).toBe(1);
  token = registered.data.token as string;

  phoneContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    storageState: { cookies: [], origins: [{ origin: server.baseUrl, localStorage: [{ name: "token", value: token }] }] },
  });
  phone = await phoneContext.newPage();
  const deskContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const [name, value] = support.cookie.split("=") as [string, string];
  await deskContext.addCookies([{ name, value, url: `${server.baseUrl}/api/ops/` }]);
  desk = await deskContext.newPage();
});

describe("the support chat", () => {
  it("carries lines both ways live, and a line written offline arrives once when the phone is back online", async () => {
    await phone.goto(`${server.baseUrl}/h5/#/pages/customer/customer`);
    const chat = phone.getByTestId("support-chat");
    await chat.waitFor({ timeout: 20_000 });
    // the chat opens the page; the contacts stay below it
    const chatTop = (await chat.boundingBox())!.y;
    expect((await phone.getByTestId("support-channels").boundingBox())!.y).toBeGreaterThan(chatTop);

    await desk.goto(`${server.baseUrl}/ops/#/support?view=all`);
    await desk.getByRole("heading", { name: "Support" }).waitFor({ timeout: 15_000 });
    await desk.getByText("Live").first().waitFor({ timeout: 15_000 });

    // the customer writes; the thread appears in the open inbox without a reload
    await phone.getByTestId("chat-input").fill("Hello, my recharge has not arrived");
    await phone.getByTestId("chat-send").click();
    await chat.getByTestId("chat-line").filter({ hasText: "Hello, my recharge has not arrived" }).waitFor();
    const row = desk.getByRole("row").filter({ hasText: account });
    await row.waitFor({ timeout: 15_000 });
    await row.getByRole("link", { name: account }).click();
    const thread = desk.getByTestId("support-lines");
    await thread.getByText("Hello, my recharge has not arrived").waitFor({ timeout: 15_000 });
    await desk.getByTestId("support-customer").waitFor();

    // support replies, and the reply appears in the customer's chat live
    await desk.getByTestId("support-text").fill("We are checking it now");
    await desk.getByTestId("support-reply").click();
    await thread.getByText("We are checking it now").waitFor();
    const reply = chat.getByTestId("chat-line").filter({ hasText: "We are checking it now" });
    await reply.waitFor({ timeout: 15_000 });
    expect(await reply.getAttribute("data-author")).toBe("operator");
    expect(await reply.textContent()).toContain("chat-support");
    // an internal note stays on the desk
    await desk.getByTestId("support-text").fill("Internal: matched against the bank statement");
    await desk.getByTestId("support-add-note").click();
    await thread.getByTestId("support-note").waitFor();
    await phone.screenshot({ path: "reports/support-chat-390.png" }).catch(() => undefined);
    await desk.screenshot({ path: "reports/support-thread-1366.png" }).catch(() => undefined);

    // offline: the line waits on the phone, and the banner says so
    await phoneContext.setOffline(true);
    await phone.getByTestId("chat-input").fill("Written while offline");
    await phone.getByTestId("chat-send").click();
    await chat.getByTestId("chat-pending").filter({ hasText: "Written while offline" }).waitFor();
    const banner = chat.locator(".offline-banner");
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/Offline — as of .*1 message waiting to be sent/);
    expect(await serverLines()).not.toContain("Written while offline");

    // back online: sent once, on its own, and it reaches the operator's open thread live
    await phoneContext.setOffline(false);
    await chat.getByTestId("chat-line").filter({ hasText: "Written while offline" }).waitFor({ timeout: 30_000 });
    expect(await chat.getByTestId("chat-pending").count()).toBe(0);
    await thread.getByText("Written while offline").waitFor({ timeout: 15_000 });
    // a reload sends nothing again: the outbox is empty, and the server holds the line once
    await phone.reload();
    await chat.getByTestId("chat-line").filter({ hasText: "Written while offline" }).waitFor({ timeout: 20_000 });
    const texts = await serverLines();
    expect(texts.filter((text) => text === "Written while offline")).toHaveLength(1);
    expect(texts).not.toContain("Internal: matched against the bank statement");
    expect(await desk.getByTestId("support-lines").getByText("Written while offline").count()).toBe(1);
  });

  it("hands a thread over: A gives it to colleague B, B finds it under Mine, A no longer does", async ({ browser }) => {
    const colleague = await addPerson(server.baseUrl, admin, "chat-support-b", "support", "second desk passphrase 2027");
    const sent = await post("/api/user/support_send", { text: "Who handles card questions?", requestId: "handover-1" }, { token });
    expect(sent.code, sent.msg).toBe(1);
    /** Opens Mine and waits until its list has come (the pager counts it); answers the customer's row. */
    const mine = async (page: Page, rows: number) => {
      await page.goto(`${server.baseUrl}/ops/#/support?view=mine`);
      await page.getByRole("heading", { name: "Support" }).waitFor({ timeout: 15_000 });
      await page
        .getByRole("navigation", { name: "Pages" })
        .getByText(new RegExp(`^${rows} rows?$`))
        .waitFor({ timeout: 15_000 });
      return page.getByRole("row").filter({ hasText: account });
    };

    // A opens the thread, takes it (it is A's now), then gives it to B by name
    await desk.goto(`${server.baseUrl}/ops/#/support?view=all`);
    await desk.getByRole("row").filter({ hasText: account }).getByRole("link", { name: account }).click();
    const assignment = desk.getByTestId("support-assignment");
    await assignment.waitFor({ timeout: 15_000 });
    if (await assignment.getByTestId("support-take").isVisible()) await assignment.getByTestId("support-take").click();
    await assignment.getByText("Assigned to chat-support", { exact: true }).waitFor();
    await (await mine(desk, 1)).getByRole("link", { name: account }).click();
    await assignment.getByTestId("support-give-to").selectOption({ label: "chat-support-b" });
    await assignment.getByRole("button", { name: "Give", exact: true }).click();
    await assignment.getByText("Assigned to chat-support-b", { exact: true }).waitFor();

    // B, on a console of their own, has it under Mine, as theirs; A does not any more
    const colleagueContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const [name, value] = colleague.cookie.split("=") as [string, string];
    await colleagueContext.addCookies([{ name, value, url: `${server.baseUrl}/api/ops/` }]);
    const colleagueDesk = await colleagueContext.newPage();
    const theirs = await mine(colleagueDesk, 1);
    expect(await theirs.getByRole("cell", { name: "chat-support-b", exact: true }).count()).toBe(1);
    expect(await (await mine(desk, 0)).count()).toBe(0);
    await colleagueContext.close();
  });
});
