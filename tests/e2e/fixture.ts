import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, test as base } from "vitest";

import { apiCall, registerCustomer } from "./customer";
import { appUrl, baseUrl, launchBrowser, newPhoneContext } from "./helpers";
import { type ServerProcess, startServerProcess } from "./server-process";

/**
 * What a browser test needs, in one import: `it("…", async ({ demoPage: page }) => …)`.
 *
 * - `browser`: Chromium, launched for the file's first test that asks for it and closed after its last test.
 * - `openPhone(options)`: a page in a new 390×844 context (closed after the test); with `signedIn`, the session
 *   is put where the app keeps it and the page opens on Mine.
 * - `page`: a blank phone page; `demoPage` / `customerPage`: one signed in as the demo customer / as `customer`.
 * - `demo` / `customer`: sessions made through the API (the login page itself is tested in accounts.test.ts):
 *   the demo customer logged in, or a new customer of the test's own (registerCustomer in ./customer).
 *
 * Operators: `ops()` from ./helpers (the CLI) or `opsCall()` from ./customer (HTTP). A file that needs a server of its
 * own calls `ownServer()`.
 */

/** A session as the app holds it: the token under `token` in localStorage (src/api/session.ts). */
export interface Session {
  account: string;
  token: string;
}

export interface PhoneOptions extends BrowserContextOptions {
  /** open on Mine, signed in with this session */
  signedIn?: Session;
}

export const DEMO = { account: "demo", password: "demo1234" } as const;

/** The app's storage key for the session token (TOKEN_STORAGE_KEY in src/api/session.ts). */
const TOKEN_KEY = "token";

async function logIn(account: string, password: string): Promise<Session> {
  const answer = await apiCall("POST", "/api/login/index", { account, password });
  if (answer.code !== 1) throw new Error(`login ${account}: ${answer.msg}`);
  return { account, token: answer.data.token as string };
}

/**
 * Opens Mine with the session already stored, and waits until the app's Mine shows its account (the pre-rendered
 * shell's preview shows the account first, drawn by the early-start script; its balance card has no hide toggle).
 */
async function openSignedIn(page: Page, session: Session): Promise<void> {
  await page.goto(appUrl("/pages/user/user"));
  await page.getByTestId("account-name").filter({ hasText: session.account }).waitFor({ timeout: 20_000 });
  await page.getByTestId("hide-balances").waitFor({ timeout: 20_000 });
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
  .extend("customer", () => registerCustomer("e2e"))
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
  /** its data folder (where a first start leaves the operator setup code) */
  readonly dataDir: string;
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
    get dataDir() {
      return started().dataDir;
    },
  };
}
