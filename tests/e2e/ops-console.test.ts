import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

import { URI } from "otpauth";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { DEMO_OPERATOR, DEMO_OPERATOR_PASSWORD } from "#server/modules/operators/service";

import { makePng } from "../server/images";
import { launchBrowser } from "./helpers";
import { type ServerProcess, startServerProcess } from "./server-process";

/**
 * The back-office console in Chromium against a server of its own (as `npm start` runs it, with demo data):
 * the demo admin signs in with the authenticator code the server printed, opens a recharge's screenshot and
 * approves it, rejects a withdrawal with a reason, and finds both in the audit log.
 */
const TOKEN = "e2e-console-token";
let server: ServerProcess;
let browser: Browser;

async function call(method: "GET" | "POST", path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const body = new URLSearchParams(fields);
  const url = method === "GET" ? `${server.baseUrl}${path}?${body}` : `${server.baseUrl}${path}`;
  const response = await fetch(url, { method, headers, body: method === "POST" ? body : undefined });
  const answer = (await response.json()) as { code: number; msg: string; data: any };
  if (answer.code !== 1) throw new Error(`${path}: ${answer.msg}`);
  return answer.data;
}

let rechargeId = "";
let withdrawalId = "";

beforeAll(async () => {
  if (!existsSync("dist-ops/index.html")) {
    const build = spawnSync("npx", ["vite", "build", "--config", "vite.ops.config.ts"], { stdio: "inherit" });
    if (build.status !== 0) throw new Error("the console build failed");
  }
  server = await startServerProcess({ OPS_TOKEN: TOKEN, CONSOLE_DIR: resolve("dist-ops") });
  browser = await launchBrowser();
  // the demo customer reports a transfer and asks for a withdrawal, as the app would
  const token = (await call("POST", "/api/login/index", { account: "demo", password: "demo1234" })).token as string;
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(makePng(40, 30))], { type: "image/png" }), "shot.png");
  const upload = await fetch(`${server.baseUrl}/api/user/uploadfile`, { method: "POST", headers: { token }, body: form });
  const screenshot = ((await upload.json()) as { data: { url: string } }).data.url;
  const channelId = String((await call("GET", "/api/user/recharge", {}, { token })).channels[0].id);
  rechargeId = String(
    (await call("POST", "/api/user/dorecharge", { channelId, amount: "300", screenshot, requestId: "e2e-ops-r1" }, { token })).id,
  );
  await call("POST", "/api/ops/money-rules", { window: "00:00-24:00" }, { "ops-token": TOKEN });
  const card = await call(
    "POST",
    "/api/user/add_card",
    { type: "bank", bankName: "Console Bank", number: "6222020000111122", holder: "Demo", payPassword: "246810", requestId: "e2e-ops-c1" },
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
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("operator console", () => {
  it("signs in with TOTP, approves a recharge after opening its screenshot, rejects a withdrawal with a reason, audits both", async () => {
    const uri = /Demo TOTP:\s+(otpauth:\/\/\S+)/.exec(server.output())?.[1];
    expect(uri, server.output()).toBeDefined();
    const totp = URI.parse(uri!);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.baseUrl}/ops/#/login`);
    await page.getByLabel("Username").fill(DEMO_OPERATOR);
    await page.getByLabel("Password").fill(DEMO_OPERATOR_PASSWORD);
    await page.getByLabel("Authenticator code").fill(totp.generate());
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Dashboard" }).isVisible(), { timeout: 15_000 }).toBe(true);

    await page.goto(`${server.baseUrl}/ops/#/recharges`);
    const recharge = page.getByTestId(`recharge-${rechargeId}`);
    await recharge.getByRole("button", { name: "Open screenshot" }).click();
    const image = page.getByRole("dialog").getByRole("img");
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(40);
    await page.getByRole("button", { name: "Close" }).click();
    await recharge.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain(`#${rechargeId}`);

    await page.goto(`${server.baseUrl}/ops/#/withdrawals`);
    const withdrawal = page.getByTestId(`withdrawal-${withdrawalId}`);
    await expect.poll(() => withdrawal.textContent()).toContain("6222020000111122");
    await withdrawal.getByLabel("Reason").fill("Holder name does not match");
    await withdrawal.getByRole("button", { name: "Reject" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain(`#${withdrawalId}`);

    await page.goto(`${server.baseUrl}/ops/#/audit`);
    const log = page.locator("table.audit");
    await expect.poll(() => log.textContent()).toContain(`recharge:${rechargeId}`);
    const text = (await log.textContent()) ?? "";
    expect(text).toContain(`withdrawal:${withdrawalId}`);
    expect(text).toContain("Holder name does not match");
    expect(text).toContain(DEMO_OPERATOR);
  });
});
