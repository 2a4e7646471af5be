import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

import { URI } from "otpauth";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { expect, inject } from "vitest";

import { launchBrowser } from "../../scripts/browser.mjs";
import { resultWaitMs } from "../support/result-wait";
import { readCatalog } from "../unit/po";

export const baseUrl = () => inject("baseUrl");
export const appUrl = (hash = "/") => `${baseUrl()}/h5/#${hash}`;

export { launchBrowser };

/** How long a 30 s order on a simulated product may take to show its result (see `resultWaitMs`). */
export const THIRTY_SECOND_RESULT_MS = resultWaitMs(30, 8);

/** A phone-sized context (the app's 450px column on a 390px screen). */
export function newPhoneContext(browser: Browser, options: Parameters<Browser["newContext"]>[0] = {}): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, ...options });
}

const cli = (args: string[], env: Record<string, string> = {}) =>
  spawnSync("node_modules/.bin/tsx", ["server/ops/cli.ts", ...args], {
    env: { ...process.env, OPS_URL: baseUrl(), OPS_TOKEN: inject("opsToken"), OPS_SESSION_FILE: inject("opsSessionFile"), ...env },
    encoding: "utf8",
  });

/**
 * Signs the CLI's person in again (`npm run ops -- login`), after its session ended between files: the current
 * authenticator code, or the next step's when another sign-in took this one.
 */
function cliLoginAgain(): void {
  const person = inject("opsCli");
  for (let attempt = 0; attempt < 2; attempt++) {
    const login = cli(["login", person.username], { OPS_PASSWORD: person.password, OPS_TOTP: URI.parse(person.otpauth).generate() });
    if (login.status === 0) return;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 30_000 - (Date.now() % 30_000) + 200);
  }
  throw new Error("ops login failed twice");
}

/**
 * Runs the operator CLI against the e2e server, as an operator would: as the person the global setup signed in
 * with `npm run ops -- login` (the machine token approves nothing).
 */
export function ops(...args: string[]): unknown {
  let result = cli(args);
  if (result.status !== 0 && result.stderr.includes("the session has ended")) {
    cliLoginAgain();
    result = cli(args);
  }
  if (result.status !== 0) throw new Error(`ops ${args.join(" ")} failed: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** The catalog text of a message in a language, so tests follow the translations. */
export function translation(code: string, english: string): string {
  const text = readCatalog(code).get(english);
  if (!text) throw new Error(`no ${code} translation of "${english}"`);
  return text;
}

export async function tabLabels(page: Page): Promise<string[]> {
  return page.locator(".tabbar .tab-label").allTextContents();
}

let counter = 0;
export const uniqueAccount = (prefix: string) => `${prefix}${Date.now().toString(36)}${counter++}`;
export const uniquePhone = () => `136${String(Date.now()).slice(-6)}${String(counter++ % 100).padStart(2, "0")}`;

/** Logs the seeded demo account in through the login page, landing on Mine. */
export async function logInAsDemo(page: Page): Promise<void> {
  await page.goto(appUrl("/pages/login/login"));
  await page.getByLabel("Account", { exact: true }).fill("demo");
  await page.getByLabel("Password", { exact: true }).fill("demo1234");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(/pages\/user\/user/);
}

/** Every page the router knows, from the generated route tree. */
export function allRoutes(): string[] {
  const tree = readFileSync("src/app/route-tree.gen.ts", "utf8");
  return [...new Set([...tree.matchAll(/fullPath: "([^"]+)"/g)].map((match) => match[1]!))];
}

/** A route with the search its page needs (a real product for the trade screen, a place for open-location, id 1 elsewhere). */
export async function routeWithSearch(path: string): Promise<string> {
  if (path === "/pages/trade/trade") {
    const answer = (await (await fetch(`${baseUrl()}/api/index/ajaxdata?market=crypto`)).json()) as { data: Array<{ id: number }> };
    return `${path}?pid=${answer.data[0]!.id}`;
  }
  if (path === "/open-location") return `${path}?name=Head%20office&address=1%20Harbour%20Road&lat=22.281&lng=114.173`;
  return ["/pages/user/orderdetail", "/pages/project/details", "/pages/about/details", "/pages/activity/details"].includes(path)
    ? `${path}?id=1`
    : path;
}

/** A full page load (from a blank page), so what is checked is that page and nothing older; waits past the skeleton. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto("about:blank");
  await page.goto(appUrl(path));
  await page.locator("main:not([aria-busy])").first().waitFor({ timeout: 20_000 });
}

/**
 * Reloads the page once the service worker is ready and waits until it controls the page: what a returning
 * visitor has (the first visit's page is not controlled yet).
 */
export async function reloadUnderServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
}

/** How many pixels of a canvas hold paint (any alpha): a drawn chart, not an empty one. */
export function paintedPixels(canvas: Locator): Promise<number> {
  return canvas.evaluate((element: HTMLCanvasElement) => {
    const pixels = element.getContext("2d")!.getImageData(0, 0, element.width, element.height).data;
    let count = 0;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) count++;
    return count;
  });
}
