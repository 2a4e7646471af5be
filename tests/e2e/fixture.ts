import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

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

/** An API call as the app makes it (form fields, token or ops-token in the headers), to the shared server or `server`; the answer's data. */
export async function apiCall(
  method: "GET" | "POST",
  path: string,
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
  server = baseUrl(),
) {
  const form = new URLSearchParams(fields);
  const url = method === "GET" ? `${server}${path}?${form}` : `${server}${path}`;
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

/** `it` reads better inside a describe; it is the same test with the same fixtures. */
export const it = test;

export interface OwnServerOptions {
  env?: Record<string, string>;
  /** serve the operator console too (built first when dist-ops/ is missing) */
  withConsole?: boolean;
  /** serve a copy of dist/ (made before the file's tests, removed after) that the tests may change, as a deploy would */
  copyOfDist?: boolean;
}

/** A server process for this file alone, as `npm start` runs it, started before the file's tests and stopped after. */
export interface OwnServer {
  readonly baseUrl: string;
  /** the folder it serves the PWA from, with `copyOfDist` */
  readonly dist: string;
  /** everything it printed so far */
  output(): string;
}

export function ownServer({ env = {}, withConsole = false, copyOfDist = false }: OwnServerOptions = {}): OwnServer {
  let running: ServerProcess | undefined;
  let dist: string | undefined;
  beforeAll(async () => {
    if (withConsole && !existsSync("dist-ops/index.html")) {
      const build = spawnSync("npx", ["vite", "build", "--config", "vite.ops.config.ts"], { stdio: "inherit" });
      if (build.status !== 0) throw new Error("the console build failed");
    }
    if (copyOfDist) {
      dist = mkdtempSync(join(tmpdir(), "trading-dist-"));
      cpSync("dist", dist, { recursive: true });
    }
    running = await startServerProcess({
      ...env,
      ...(withConsole ? { CONSOLE_DIR: resolve("dist-ops") } : {}),
      ...(dist ? { DIST_DIR: dist } : {}),
    });
  });
  afterAll(async () => {
    await running?.stop();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });
  const started = () => {
    if (!running) throw new Error("the file's own server starts in beforeAll");
    return running;
  };
  return {
    get baseUrl() {
      return started().baseUrl;
    },
    get dist() {
      if (!dist) throw new Error("ownServer({ copyOfDist: true }) serves a copy of dist/");
      return dist;
    },
    output: () => started().output(),
  };
}
