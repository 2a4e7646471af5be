import { readFileSync } from "node:fs";

import type { Browser, Page } from "playwright-core";
import { describe, expect } from "vitest";

import { addPerson, firstAdmin, type Person, setMoneyRulesByTwo } from "../support/ops-people";
import { it, ownServer, test } from "./fixture";

/**
 * The withdrawal queue as a desk finds and exports records, in Chromium at 1366×900: filtered by status and by
 * date from the filter bar, the view kept in the address (a reload shows the same), and the CSV of what it shows
 * downloaded and read.
 */
const server = ownServer({ withConsole: true });
const VIEWPORT = { width: 1366, height: 900 };
let browser: Browser;
let admin: Person;
let page: Page;
const ids: string[] = [];

async function call(method: "GET" | "POST", path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const body = new URLSearchParams(fields);
  const url = method === "GET" ? `${server.baseUrl}${path}?${body}` : `${server.baseUrl}${path}`;
  const response = await fetch(url, { method, headers, body: method === "POST" ? body : undefined });
  const answer = (await response.json()) as { code: number; msg: string; data: any };
  if (answer.code !== 1) throw new Error(`${path}: ${answer.msg}`);
  return answer.data;
}

const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

test.beforeAll(async ({ browser: launched }) => {
  browser = launched;
  admin = await firstAdmin(server.baseUrl, [server.dataDir], "lists-admin", "lists admin passphrase 2027");
  const second = await addPerson(server.baseUrl, admin, "lists-second", "admin", "second lists passphrase 2027");
  await setMoneyRulesByTwo(server.baseUrl, admin, second, { window: "00:00-24:00", firstWithdrawalRealName: "0" });
  // the demo customer asks for three withdrawals; the desk rejects the largest
  const token = (await call("POST", "/api/login/index", { account: "demo", password: "demo1234" })).token as string;
  const card = await call(
    "POST",
    "/api/user/add_card",
    // the demo's real name once verified (another browser test passes it): a bank card is bound in that name
    {
      type: "bank",
      bankName: "List Bank",
      number: "6222020000111127",
      holder: "Demo User",
      payPassword: "246810",
      requestId: "e2e-lists-c1",
    },
    { token },
  );
  for (const [n, amount] of ["200", "300", "400"].entries())
    ids.push(
      String(
        (
          await call(
            "POST",
            "/api/user/cash",
            { amount, cardId: String(card.id), payPassword: "246810", requestId: `e2e-lists-w${n}` },
            { token },
          )
        ).id,
      ),
    );
  await call(
    "POST",
    "/api/ops/withdrawal/review",
    { id: ids[2]!, decision: "reject", reason: 'Holder, "name" differs' },
    { cookie: admin.cookie },
  );
  const context = await browser.newContext({ viewport: VIEWPORT, acceptDownloads: true });
  const [name, value] = admin.cookie.split("=") as [string, string];
  await context.addCookies([{ name, value, url: `${server.baseUrl}/api/ops/` }]);
  page = await context.newPage();
});

const rows = () => page.locator("tbody tr");
const shown = async () => (await rows().evaluateAll((found) => found.map((row) => row.getAttribute("data-testid")))).sort();

describe("the withdrawal queue's filters and export", () => {
  it("filters by status and date, keeps the view in the address, and downloads the CSV of what it shows", async () => {
    await page.goto(`${server.baseUrl}/ops/#/withdrawals`);
    await page.getByRole("heading", { name: "Withdrawals" }).waitFor({ timeout: 15_000 });
    // the queue opens on the requests waiting for review
    await expect.poll(shown).toEqual([`withdrawal-${ids[0]}`, `withdrawal-${ids[1]}`]);

    const bar = page.getByRole("search");
    await bar.getByLabel("Status").selectOption("failed");
    await bar.getByLabel("From", { exact: true }).fill(utcDay(0));
    await bar.getByLabel("To", { exact: true }).fill(utcDay(0));
    await bar.getByRole("button", { name: "Apply" }).click();
    await expect.poll(shown).toEqual([`withdrawal-${ids[2]}`]);
    expect(page.url()).toContain(`status=failed&since=${utcDay(0)}&until=${utcDay(0)}`);
    await expect.poll(() => page.locator(".pager [role=status]").textContent()).toBe("1 row");

    // a date range without the request shows none of it
    await bar.getByLabel("From", { exact: true }).fill(utcDay(1));
    await bar.getByLabel("To", { exact: true }).fill(utcDay(2));
    await bar.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => rows().count()).toBe(0);

    // every status of today, read again from the address as a bookmark would
    await page.goto(`${server.baseUrl}/ops/#/withdrawals?status=all&since=${utcDay(0)}`);
    await page.reload();
    await expect.poll(shown).toEqual(ids.map((id) => `withdrawal-${id}`).sort());
    expect(await page.getByRole("search").getByLabel("Status").inputValue()).toBe("all");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^withdrawals-\d{8}T\d{6}Z\.csv$/);
    const lines = readFileSync((await download.path())!, "utf8")
      .split("\r\n")
      .slice(0, -1);
    expect(lines[0]).toMatch(/^id,submitted_utc,user_id,account,phone,amount_u,fee_u,net_u,status,reason,/);
    expect(lines.length).toBe(4);
    const rejected = lines.find((line) => line.startsWith(`${ids[2]},`))!;
    expect(rejected).toMatch(
      new RegExp(
        `^${ids[2]},${utcDay(0)}T\\d\\d:\\d\\d:\\d\\dZ,\\d+,demo,\\d+,400\\.00,4\\.00,396\\.00,failed,"Holder, ""name"" differs",`,
      ),
    );
    expect(rejected).toContain(",bank,List Bank,");

    // the download is in the audit log, with the filters it used
    const audit = await call("GET", "/api/ops/audit", { action: "GET /api/ops/withdrawals/csv" }, { cookie: admin.cookie });
    expect(audit.items[0]).toMatchObject({ actor: "lists-admin", target: "export:withdrawals", input: { status: "all" } });
  });
});
