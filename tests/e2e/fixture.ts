import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, inject, test as base } from "vitest";

import { appUrl, baseUrl, launchBrowser, newPhoneContext, uniqueAccount, uniquePhone } from "./helpers";
import { type ServerProcess, startServerProcess } from "./server-process";

/**
 * What a browser test needs, in one import: `it("…", async ({ demoPage: page }) => …)`.
 *
 * - `browser`: Chromium, launched for the file's first test that asks for it and closed after its last test.
 * - `openPhone(options)`: a page in a new 390×844 context (closed after the test); with `signedIn`, the session
 *   is put where the app keeps it and the page opens on Mine.
 * - `page`: a blank phone page; `demoPage` / `customerPage`: one signed in as the demo customer / as `customer`.
 * - `demo` / `customer`: sessions made through the API (the login page itself is tested in accounts.test.ts):
 *   the demo customer logged in, or a new customer registered with an SMS code and the demo invitation.
 *
 * Operators: `ops()` from ./helpers (the CLI). A file that needs a server of its own calls `ownServer()`.
 */

/** A session as the app holds it: the token under `token` in localStorage (src/api/session.ts). */
export interface Session {
  account: string;
  token: string;
}

export interface Customer extends Session {
  password: string;
  payPassword: string;
  phone: string;
}

export interface PhoneOptions extends BrowserContextOptions {
  /** open on Mine, signed in with this session */
  signedIn?: Session;
}

export const DEMO = { account: "demo", password: "demo1234" } as const;

/** The app's storage key for the session token (TOKEN_STORAGE_KEY in src/api/session.ts). */
const TOKEN_KEY = "token";

async function apiCall(method: "GET" | "POST", path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const form = new URLSearchParams(fields);
  const url = method === "GET" ? `${baseUrl()}${path}?${form}` : `${baseUrl()}${path}`;
  const response = await fetch(url, { method, headers, body: method === "POST" ? form : undefined });
  const answer = (await response.json()) as { code: number; msg: string; data: any };
  if (answer.code !== 1) throw new Error(`${method} ${path}: ${answer.msg}`);
  return answer.data;
}

async function logIn(account: string, password: string): Promise<Session> {
  const { token } = (await apiCall("POST", "/api/login/index", { account, password })) as { token: string };
  return { account, token };
}

/** A new customer, registered as the register page does: an SMS code (read as the operator reads it) and the demo invitation. */
async function registerCustomer(): Promise<Customer> {
  const customer = { account: uniqueAccount("e2e"), password: "login123", payPassword: "fund1234", phone: uniquePhone() };
  await apiCall("POST", "/api/login/sendsms", { phone: customer.phone });
  const [latest] = (await apiCall("GET", "/api/ops/sms", { phone: customer.phone }, { "ops-token": inject("opsToken") })) as Array<{
    code: string;
  }>;
  const { token } = (await apiCall("POST", "/api/login/reg", {
    account: customer.account,
    password: customer.password,
    password2: customer.password,
    payPassword: customer.payPassword,
    payPassword2: customer.payPassword,
    phone: customer.phone,
    smsCode: latest!.code,
    inviteCode: "DEMO88",
  })) as { token: string };
  return { ...customer, token };
}

/** Opens Mine with the session already stored, and waits until Mine shows its account. */
async function openSignedIn(page: Page, session: Session): Promise<void> {
  await page.goto(appUrl("/pages/user/user"));
  await page.getByTestId("account-name").filter({ hasText: session.account }).waitFor({ timeout: 20_000 });
}

export const test = base
  // eslint-disable-next-line no-empty-pattern
  .extend("browser", { scope: "file" }, async ({}, { onCleanup }): Promise<Browser> => {
    const browser = await launchBrowser();
    onCleanup(() => browser.close());
    return browser;
  })
  .extend("openPhone", async ({ browser }, { onCleanup }) => {
    const contexts: BrowserContext[] = [];
    onCleanup(async () => {
      for (const context of contexts) await context.close();
    });
    return async ({ signedIn, ...options }: PhoneOptions = {}): Promise<Page> => {
      const storageState = signedIn && {
        cookies: [],
        origins: [{ origin: baseUrl(), localStorage: [{ name: TOKEN_KEY, value: signedIn.token }] }],
      };
      const context = await newPhoneContext(browser, storageState ? { ...options, storageState } : options);
      contexts.push(context);
      const page = await context.newPage();
      if (signedIn) await openSignedIn(page, signedIn);
      return page;
    };
  })
  .extend("page", ({ openPhone }) => openPhone())
  .extend("demo", () => logIn(DEMO.account, DEMO.password))
  .extend("customer", () => registerCustomer())
  .extend("demoPage", ({ openPhone, demo }) => openPhone({ signedIn: demo }))
  .extend("customerPage", ({ openPhone, customer }) => openPhone({ signedIn: customer }));

export const it = test;

/** A server process for this file alone, as `npm start` runs it, started before its tests and stopped after. */
export interface OwnServer {
  readonly baseUrl: string;
  /** everything it printed so far */
  output(): string;
}

export function ownServer(env: () => Record<string, string> = () => ({})): OwnServer {
  let process: ServerProcess | undefined;
  beforeAll(async () => {
    process = await startServerProcess(env());
  });
  afterAll(() => process?.stop());
  const started = () => {
    if (!process) throw new Error("the file's own server is started in beforeAll");
    return process;
  };
  return {
    get baseUrl() {
      return started().baseUrl;
    },
    output: () => started().output(),
  };
}

/** A copy of the build made before this file's tests and removed after, to serve and change without touching dist/. */
export function distCopy(prefix: string): { readonly path: string } {
  const copy = { path: "" };
  beforeAll(() => {
    copy.path = mkdtempSync(join(tmpdir(), prefix));
    cpSync("dist", copy.path, { recursive: true });
  });
  afterAll(() => rmSync(copy.path, { recursive: true, force: true }));
  return copy;
}
