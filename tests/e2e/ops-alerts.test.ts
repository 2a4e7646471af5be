import type { Page } from "playwright-core";
import { describe, expect } from "vitest";

import { addPerson, firstAdmin, type Person } from "../support/ops-people";
import { it, ownServer, test } from "./fixture";

/**
 * A live alert in Chromium at 1366×900: a finance operator's dashboard is open; an admin switches a crypto
 * product (its market never closes) to a real price source this machine cannot reach, so its feed goes stale.
 * Within the job leader's next look the alert appears on the open dashboard and as a count in the navigation,
 * with no reload; acknowledging it takes it off both.
 */
const server = ownServer({ withConsole: true });
const VIEWPORT = { width: 1366, height: 900 };
let admin: Person;
let finance: Person;
let page: Page;
let reloads = 0;

async function asAdmin(path: string, fields: Record<string, string>) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: admin.cookie },
    body: new URLSearchParams(fields).toString(),
  });
  const body = (await response.json()) as { code: number; msg: string };
  expect(body.code, `${path}: ${body.msg}`).toBe(1);
}

test.beforeAll(async ({ browser }) => {
  admin = await firstAdmin(server.baseUrl, [server.dataDir], "alert-admin", "alert desk passphrase 2027");
  finance = await addPerson(server.baseUrl, admin, "alert-finance", "finance", "finance desk passphrase 2027");
  const context = await browser.newContext({ viewport: VIEWPORT });
  // the finance person's session, as the console's sign-in would have set it
  const [name, value] = finance.cookie.split("=") as [string, string];
  await context.addCookies([{ name, value, url: `${server.baseUrl}/api/ops/` }]);
  page = await context.newPage();
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) reloads++;
  });
  await page.goto(`${server.baseUrl}/ops/#/`);
  await page.getByRole("heading", { name: "Dashboard" }).waitFor({ timeout: 15_000 });
});

describe("an alert on the console", () => {
  it("appears live on the dashboard and in the navigation, and goes once acknowledged", async () => {
    const alerts = page.getByTestId("alerts");
    await alerts.waitFor();
    await page.getByText("Live").first().waitFor({ timeout: 15_000 });
    const loadsBefore = reloads;
    const products = (await (await fetch(`${server.baseUrl}/api/ops/products`, { headers: { cookie: admin.cookie } })).json()) as {
      data: Array<{ id: number; code: string }>;
    };
    const btc = products.data.find((product) => product.code === "BTCUSDT")!;
    // a source is switched on a closed product; the unreachable source then leaves its feed without prices
    await asAdmin("/api/ops/product/trading", { pid: String(btc.id), enabled: "0" });
    await asAdmin("/api/ops/product/feed", { pid: String(btc.id), source: "binance:btcusdt", staleSeconds: "2" });
    await asAdmin("/api/ops/product/trading", { pid: String(btc.id), enabled: "1" });
    const row = alerts.getByRole("row").filter({ hasText: "BTCUSDT" });
    const started = Date.now();
    await row.waitFor({ timeout: 30_000 });
    console.log(`stale-feed alert shown after ${Date.now() - started} ms`);
    expect(await row.textContent()).toContain("Stale feed");
    const badge = page.getByRole("navigation", { name: "Sections" }).getByTestId("alert-badge");
    await badge.waitFor();
    expect(Number(await badge.textContent())).toBeGreaterThanOrEqual(1);
    // it came on the stream: the page was not loaded again
    expect(reloads).toBe(loadsBefore);
    await page.screenshot({ path: "reports/ops-alert-1366.png" }).catch(() => undefined);

    await row.getByRole("button", { name: "Acknowledge" }).click();
    await row.waitFor({ state: "detached", timeout: 15_000 });
    await alerts.getByText("Acknowledged in the last day").waitFor();
    await alerts.locator("summary").click();
    expect(await alerts.locator("details").textContent()).toContain("taken by alert-finance");
  });
});
