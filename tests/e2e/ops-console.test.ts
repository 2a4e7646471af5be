import { readFileSync } from "node:fs";
import { join } from "node:path";

import { URI } from "otpauth";
import type { Browser, Page } from "playwright-core";
import { describe, expect } from "vitest";

import { makePng } from "../server/images";
import { addPerson, callData, setMoneyRulesByTwo } from "../support/ops-people";
import { it, ownServer, test } from "./fixture";

/**
 * The back-office console in Chromium against a server of its own (as `npm start` runs it, with demo data):
 * the first admin, made from the one-time setup code the server left in its data folder, signs in with its
 * authenticator code, opens a recharge's screenshot and approves it, rejects a withdrawal with a reason, and
 * finds both in the audit log.
 */
const TOKEN = "e2e-console-token";
const server = ownServer({ env: { OPS_TOKEN: TOKEN }, withConsole: true });
let browser: Browser;

const call = (method: "GET" | "POST", path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  callData(server.baseUrl, method, path, fields, headers);

let rechargeId = "";
let rejectedRechargeId = "";
let withdrawalId = "";
let customerToken = "";

const ADMIN = "e2e-admin";
const ADMIN_PASSWORD = "desk passphrase 2027";

/**
 * The first admin, made as a new platform's operator makes it: no operator is seeded, so the setup page turns
 * the one-time code the server wrote to its data folder into the admin and shows its authenticator key once.
 */
async function firstAdmin(page: Page): Promise<string> {
  const setupCode = readFileSync(join(server.dataDir, "ops-setup-code"), "utf8").trim();
  await page.goto(`${server.baseUrl}/ops/#/login`);
  await page.getByRole("link", { name: "New platform: create the first admin with the setup code" }).click();
  await page.getByLabel("Setup code").fill(setupCode);
  await page.getByLabel("Username").fill(ADMIN);
  await page.getByLabel("Password (at least 12 characters, not your name)").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Create admin" }).click();
  const shown = page.getByRole("status").locator("code");
  await shown.waitFor({ timeout: 15_000 });
  const uri = (await shown.textContent()) ?? "";
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  await page.getByRole("link", { name: "Sign in" }).click();
  return uri;
}

/** The admin's console page, signed in once (an authenticator code is good once, so the tests share it). */
let consolePage: Page | undefined;
async function signedInConsole(): Promise<Page> {
  if (consolePage) return consolePage;
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const uri = await firstAdmin(page);
  await page.getByLabel("Username").fill(ADMIN);
  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  await page.getByLabel("Authenticator code").fill(URI.parse(uri).generate());
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect.poll(() => page.getByRole("heading", { name: "Dashboard" }).isVisible(), { timeout: 15_000 }).toBe(true);
  await withdrawalAtAnyHour(page, uri);
  consolePage = page;
  return page;
}

/**
 * The demo customer's withdrawal, asked once the window is open at every hour. Widening the window loosens a
 * money control, which the machine token may not do and a second admin must approve: the signed-in admin adds
 * one and the change goes through both (tests/support/ops-people.ts).
 */
async function withdrawalAtAnyHour(page: Page, otpauth: string): Promise<void> {
  const session = (await page.context().cookies(`${server.baseUrl}/api/ops/`)).find((cookie) => cookie.name === "ops_session");
  const admin = { username: ADMIN, password: ADMIN_PASSWORD, otpauth, cookie: `ops_session=${session!.value}` };
  const second = await addPerson(server.baseUrl, admin, "e2e-second-admin", "admin", "second desk passphrase 2027");
  await setMoneyRulesByTwo(server.baseUrl, admin, second, { window: "00:00-24:00", firstWithdrawalRealName: "0" });
  const token = customerToken;
  const card = await call(
    "POST",
    "/api/user/add_card",
    // the demo's real name once verified (another browser test passes it): a bank card is bound in that name
    {
      type: "bank",
      bankName: "Console Bank",
      number: "6222020000111127",
      holder: "Demo User",
      payPassword: "246810",
      requestId: "e2e-ops-c1",
    },
    { token },
  );
  withdrawalId = String(
    (
      await call(
        "POST",
        "/api/user/cash",
        { amount: "200", cardId: String(card.id), payPassword: "246810", requestId: "e2e-ops-w1" },
        { token },
      )
    ).id,
  );
}

/** The customer app on a phone-sized page, signed in as the demo customer, in `language`. */
async function customerApp(language: string, signedIn: boolean) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: "block" });
  await context.addInitScript(
    ([code, token]) => {
      localStorage.setItem("language", code!);
      if (token) localStorage.setItem("token", token);
    },
    [language, signedIn ? customerToken : ""],
  );
  return context;
}

/** The demo customer reports a transfer, with a screenshot of its own, as the app would; answers its id. */
async function recharge(amount: string, requestId: string): Promise<string> {
  const token = customerToken;
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(makePng(40, 30))], { type: "image/png" }), "shot.png");
  const upload = await fetch(`${server.baseUrl}/api/user/uploadfile`, { method: "POST", headers: { token }, body: form });
  const screenshot = ((await upload.json()) as { data: { url: string } }).data.url;
  const channelId = String((await call("GET", "/api/user/recharge", {}, { token })).channels[0].id);
  return String((await call("POST", "/api/user/dorecharge", { channelId, amount, screenshot, requestId }, { token })).id);
}

test.beforeAll(async ({ browser: launched }) => {
  browser = launched;
  // the demo customer reports transfers as the app would (its withdrawal waits for the window: withdrawalAtAnyHour)
  const token = (await call("POST", "/api/login/index", { account: "demo", password: "demo1234" })).token as string;
  customerToken = token;
  rechargeId = await recharge("300", "e2e-ops-r1");
  rejectedRechargeId = await recharge("450", "e2e-ops-r2");
});

describe("operator console", () => {
  it("signs in with TOTP, approves a recharge after opening its screenshot, rejects a withdrawal with a reason, audits both", async () => {
    const page = await signedInConsole();

    await page.goto(`${server.baseUrl}/ops/#/recharges`);
    const recharge = page.getByTestId(`recharge-${rechargeId}`);
    await recharge.getByRole("button", { name: "Open screenshot" }).click();
    const image = page.getByRole("dialog").getByRole("img");
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(40);
    await page.getByRole("button", { name: "Close" }).click();
    await recharge.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => page.getByRole("status").allTextContents()).toContainEqual(expect.stringContaining(`#${rechargeId}`));

    await page.goto(`${server.baseUrl}/ops/#/withdrawals`);
    const withdrawal = page.getByTestId(`withdrawal-${withdrawalId}`);
    await expect.poll(() => withdrawal.textContent()).toContain("6222020000111127");
    await withdrawal.getByLabel("Reason").fill("Holder name does not match");
    await withdrawal.getByRole("button", { name: "Reject" }).click();
    await expect.poll(() => page.getByRole("status").allTextContents()).toContainEqual(expect.stringContaining(`#${withdrawalId}`));

    await page.goto(`${server.baseUrl}/ops/#/audit`);
    const log = page.locator("table.audit");
    await expect.poll(() => log.textContent(), { timeout: 15_000 }).toContain(`recharge:${rechargeId}`);
    const text = (await log.textContent()) ?? "";
    expect(text).toContain(`withdrawal:${withdrawalId}`);
    expect(text).toContain("Holder name does not match");
    expect(text).toContain(ADMIN);
  });

  it("rejects a recharge with a reason that the customer then reads in the app", async () => {
    const page = await signedInConsole();
    await page.goto(`${server.baseUrl}/ops/#/recharges`);
    const row = page.getByTestId(`recharge-${rejectedRechargeId}`);
    await row.getByLabel("Reason").fill("No transfer of 450 arrived");
    await row.getByRole("button", { name: "Reject" }).click();
    await expect
      .poll(() => page.getByRole("status").allTextContents())
      .toContainEqual(expect.stringContaining(`#${rejectedRechargeId}: Rejected`));

    const context = await customerApp("en", true);
    const app = await context.newPage();
    await app.goto(`${server.baseUrl}/h5/#/pages/user/rechargerecord`);
    const records = app.getByTestId("recharge-records");
    await expect.poll(() => records.textContent(), { timeout: 15_000 }).toContain("Reason: No transfer of 450 arrived");
    await context.close();
  });

  it("publishes a notice in two languages, previewed as the customer sees it, shown to each language's readers, and audited", async () => {
    const page = await signedInConsole();
    await page.goto(`${server.baseUrl}/ops/#/content`);
    await page.getByLabel("New item key").fill("e2e-maintenance");
    await page.getByLabel("Kind of the new item").selectOption("notice");
    await page.getByRole("button", { name: "New item" }).click();
    await expect.poll(() => page.getByRole("tab", { name: "English" }).getAttribute("aria-selected")).toBe("true");
    await page.getByLabel("Title", { exact: true }).fill("Maintenance on Sunday");
    await page.getByLabel("Summary").fill("Trading pauses for an hour");
    await page.getByLabel(/^Body/).fill("<p>We update the servers from 02:00 to 03:00.</p>");
    // the preview is the customer app itself (its preview page, framed), 390 px wide, updated as the operator types
    expect(await page.locator("iframe.customer-preview").getAttribute("src")).toBe("/h5/#/pages/about/preview");
    const preview = page.frameLocator("iframe.customer-preview");
    await expect.poll(() => preview.locator(".article h2").textContent()).toBe("Maintenance on Sunday");
    expect(await preview.locator(".rich-text p").textContent()).toBe("We update the servers from 02:00 to 03:00.");
    // the customer page inside sees a phone's 390 px viewport
    expect(await preview.locator("html").evaluate((html) => html.clientWidth)).toBe(390);
    await page.getByRole("button", { name: "Save and publish" }).click();
    await expect.poll(() => page.getByRole("status").allTextContents()).toContain("Published in English");

    await page.getByRole("tab", { name: "Deutsch" }).click();
    // no German text yet: the preview shows the English its readers would get
    await expect.poll(() => preview.locator(".article h2").textContent()).toBe("Maintenance on Sunday");
    await page.getByLabel("Title", { exact: true }).fill("Wartung am Sonntag");
    await page.getByLabel(/^Body/).fill("<p>Wir aktualisieren die Server von 02:00 bis 03:00.</p>");
    await expect.poll(() => preview.locator(".article h2").textContent()).toBe("Wartung am Sonntag");
    await page.getByRole("button", { name: "Save and publish" }).click();
    await expect.poll(() => page.getByRole("status").allTextContents()).toContain("Published in Deutsch");

    const shown = async (language: string) => {
      const context = await customerApp(language, false);
      const app = await context.newPage();
      await app.goto(`${server.baseUrl}/h5/#/pages/about/details?id=e2e-maintenance`);
      const title = app.getByTestId("article").locator("h2");
      await title.waitFor({ timeout: 15_000 });
      const text = await title.textContent();
      await context.close();
      return text;
    };
    expect(await shown("de")).toBe("Wartung am Sonntag");
    expect(await shown("en")).toBe("Maintenance on Sunday");
    // a language with no text of its own reads English
    expect(await shown("fr")).toBe("Maintenance on Sunday");

    await page.goto(`${server.baseUrl}/ops/#/audit`);
    await page.getByRole("search").getByLabel("Target").fill("content:e2e-maintenance:de");
    await page.getByRole("search").getByRole("button", { name: "Apply" }).click();
    const log = page.locator("table.audit");
    await expect.poll(() => log.textContent()).toContain("Wartung am Sonntag");
    // the log shown before the filter has the German entry too: wait until the filtered answer has replaced it
    await expect.poll(() => log.textContent()).not.toContain("Maintenance on Sunday");
    const text = (await log.textContent()) ?? "";
    expect(text).toContain("POST /api/ops/content");
    expect(text).toContain(ADMIN);
    expect(text).not.toContain("Maintenance on Sunday");
  });

  it("changes the office, shows the server's refusal of a field, and the customer's company page opens the new office", async () => {
    const page = await signedInConsole();
    await page.getByRole("link", { name: "Office" }).click();
    const form = page.getByRole("form", { name: "Office" });
    await expect.poll(() => form.getByLabel("Name").inputValue(), { timeout: 15_000 }).toBe("TradePWA office");
    expect(await form.getByLabel("Latitude").inputValue()).toBe("22.281");
    await form.getByLabel("Name").fill("Console office");
    await form.getByLabel("Address").fill("Pariser Platz 1, Berlin");
    // in the pattern, out of range: the server refuses it and names the field
    await form.getByLabel("Latitude").fill("95");
    await form.getByLabel("Longitude").fill("13.378");
    await form.getByRole("button", { name: "Save office" }).click();
    await expect.poll(() => form.getByRole("alert").textContent()).toBe("Latitude is invalid");
    await form.getByLabel("Latitude").fill("52.5163");
    await form.getByRole("button", { name: "Save office" }).click();
    await expect.poll(() => form.getByRole("status").textContent()).toBe("Saved");
    expect(await form.getByRole("alert").count()).toBe(0);

    const context = await customerApp("en", false);
    const app = await context.newPage();
    await app.goto(`${server.baseUrl}/h5/#/pages/about/list?kind=company`);
    const office = app.getByTestId("office-link").filter({ hasText: "Console office" });
    await office.waitFor({ timeout: 15_000 });
    await office.click();
    await app.waitForURL(/#\/open-location\?/);
    await app.getByTestId("place").getByRole("heading", { name: "Console office" }).waitFor();
    expect(await app.getByTestId("place-coords").textContent()).toBe("52.5163, 13.378");
    await context.close();
  });

  it("edits a yuebao plan from its row and adds a deposit channel; Edit again closes the form, a save closes it and shows the row", async () => {
    const page = await signedInConsole();
    await page.getByRole("link", { name: "Yuebao plans" }).click();
    const row = page.locator("[data-testid^=plan-]").first();
    await row.waitFor({ timeout: 15_000 });
    const title = (await row.locator("td").nth(1).textContent())!;
    await row.getByRole("button", { name: "Edit" }).click();
    const form = page.getByRole("form", { name: `Edit plan ${title}` });
    await form.waitFor();
    // Edit on the same row closes the form, and opens it again
    await row.getByRole("button", { name: "Edit" }).click();
    await form.waitFor({ state: "detached" });
    await row.getByRole("button", { name: "Edit" }).click();
    await form.getByLabel("Minimum").fill("123");
    await form.getByRole("button", { name: "Save plan" }).click();
    await form.waitFor({ state: "detached" });
    await expect.poll(() => row.locator("td.amount").first().textContent()).toMatch(/^123\.00/);

    await page.getByRole("link", { name: "Deposit channels" }).click();
    await page.getByRole("button", { name: "New channel" }).click();
    const channel = page.getByRole("form", { name: "New channel" });
    await channel.getByLabel("Name", { exact: true }).fill("Console test bank");
    await channel.getByLabel("Account or address", { exact: true }).fill("DE89 3704 0044 0532 0130 00");
    await channel.getByRole("button", { name: "Save channel" }).click();
    await channel.waitFor({ state: "detached" });
    const added = page.locator("[data-testid^=channel-]").filter({ hasText: "Console test bank" });
    await added.waitFor();
    expect(await added.locator("code").textContent()).toBe("DE89 3704 0044 0532 0130 00");
  });

  it("offers a support operator only support's pages, and a finance page opened by its address says the role cannot use it", async () => {
    // an admin adds the operator (the machine token manages no one); every role gives an authenticator code
    const admin = await signedInConsole();
    const added = await admin.request.post(`${server.baseUrl}/api/ops/operators`, {
      form: { username: "e2e-support", role: "support", password: "support desk passphrase" },
    });
    const otpauth = ((await added.json()) as { data: { otpauth: string } }).data.otpauth;
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/ops/#/login`);
    await page.getByLabel("Username").fill("e2e-support");
    await page.getByLabel("Password").fill("support desk passphrase");
    await page.getByLabel("Authenticator code").fill(URI.parse(otpauth).generate());
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Dashboard" }).isVisible(), { timeout: 15_000 }).toBe(true);
    const sections = page.getByRole("navigation", { name: "Sections" }).getByRole("link");
    expect(await sections.allTextContents()).toEqual(["Dashboard", "Real-name", "Users", "Support", "SMS outbox"]);

    // a bookmark of finance's queue: the page says why instead of showing an empty queue
    await page.goto(`${server.baseUrl}/ops/#/recharges`);
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("Your role cannot use this page");
    expect(await page.locator("[data-testid^=recharge-]").count()).toBe(0);
    // its own page opens
    await page.getByRole("link", { name: "SMS outbox" }).click();
    await expect.poll(() => page.getByRole("alert").count()).toBe(0);
    await context.close();
  });

  it("shows a recharge a customer submits on the dashboard and in the queue as it happens, without a reload", async () => {
    const page = await signedInConsole();
    await page.goto(`${server.baseUrl}/ops/#/`);
    // the admin hears every topic: while the stream is held the page never polls, so only the stream can update it
    await expect.poll(() => page.locator(".live-badge").isVisible(), { timeout: 15_000 }).toBe(true);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const rechargesRow = page.getByRole("row").filter({ has: page.getByRole("link", { name: "Recharges" }) });
    const pending = async () => Number(await rechargesRow.getByRole("cell").nth(1).textContent());
    const before = await pending();
    await recharge("120", "e2e-ops-live-1");
    await expect.poll(pending, { timeout: 10_000 }).toBe(before + 1);

    await page.evaluate(() => (location.hash = "#/recharges"));
    await expect.poll(() => page.locator(".live-badge").isVisible(), { timeout: 15_000 }).toBe(true);
    const next = await recharge("130", "e2e-ops-live-2");
    await expect.poll(() => page.getByTestId(`recharge-${next}`).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
});
