import type { Page } from "playwright-core";
import { inject } from "vitest";

import { makePng } from "../server/images";
import { registrationForm } from "../server/registration-form";
import { signIn } from "../support/ops-people";
import { appUrl, baseUrl, uniqueAccount, uniquePhone } from "./helpers";

export interface Customer {
  account: string;
  password: string;
  payPassword: string;
  token: string;
}

/** A form POST or a GET to the e2e server, as the PWA sends them (or, with headers, as a script does); the envelope back. */
export async function apiCall(
  method: "GET" | "POST",
  path: string,
  fields: Record<string, string> = {},
  token?: string,
  extraHeaders: Record<string, string> = {},
) {
  const query = new URLSearchParams(fields).toString();
  const headers: Record<string, string> = { ...(token ? { token } : {}), ...extraHeaders };
  const response =
    method === "GET"
      ? await fetch(`${baseUrl()}${path}${query ? `?${query}` : ""}`, { headers })
      : await fetch(`${baseUrl()}${path}`, {
          method,
          headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
          body: query,
        });
  return (await response.json()) as { code: number; msg: string; err?: string; data: any };
}

/** this worker's sessions of the shared server's admins (signed in by the global setup; again after an idle half hour) */
const cookies = new Map<number, string>();

/**
 * An operator endpoint called by one of the shared server's admins, a signed-in person (the first unless `admin`
 * says 1: the second admin, who approves a loosening of the money rules the first or the CLI asked for). The
 * machine token may not approve, move money or change the money rules (tests/support/ops-people.ts).
 */
export async function opsCallAs(admin: 0 | 1, method: "GET" | "POST", path: string, fields: Record<string, string> = {}) {
  const person = inject("opsPeople")[admin]!;
  const cookie = cookies.get(admin) ?? person.cookie;
  const answer = await apiCall(method, path, fields, undefined, { cookie });
  if (answer.err !== "ops_forbidden") return answer;
  // the session ended (idle too long between the files that use it): sign in again, once
  cookies.set(admin, await signIn(baseUrl(), person));
  return apiCall(method, path, fields, undefined, { cookie: cookies.get(admin)! });
}

/** An operator endpoint called by the shared server's first admin. */
export const opsCall = (method: "GET" | "POST", path: string, fields: Record<string, string> = {}) => opsCallAs(0, method, path, fields);

/** A new customer of its own (registered through the API with the SMS code the operator sees), so a test owns its data. */
export async function registerCustomer(prefix: string): Promise<Customer> {
  const account = uniqueAccount(prefix);
  const phone = uniquePhone();
  const password = "pass1234";
  const payPassword = "fund1234";
  const sent = await apiCall("POST", "/api/login/sendsms", { phone });
  if (sent.code !== 1) throw new Error(`sms: ${sent.msg}`);
  // the code as the operator reads it (`ops sms`), over HTTP: quicker than starting the CLI
  const [latest] = (await opsCall("GET", "/api/ops/sms", { phone })).data as Array<{ code: string }>;
  const registered = await apiCall(
    "POST",
    "/api/login/reg",
    registrationForm({ account, password, payPassword, phone, smsCode: latest!.code }),
  );
  if (registered.code !== 1) throw new Error(`register: ${registered.msg}`);
  return { account, password, payPassword, token: registered.data.token as string };
}

/** Logs a customer in through the login page (landing wherever the login page sends them). */
export async function logInThroughPage(page: Page, customer: Customer, hash = "/pages/login/login"): Promise<void> {
  if (!page.url().includes("/pages/login/login")) await page.goto(appUrl(hash));
  // the form's field: while a redirect to login is still loading its page, Mine's "Account" section may be on screen
  await page.getByRole("textbox", { name: "Account", exact: true }).fill(customer.account);
  await page.getByLabel("Password", { exact: true }).fill(customer.password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/** The id of the BTCUSDT product: crypto trades around the clock, so a browser test can order it at any hour. */
export async function btcProductId(): Promise<string> {
  const products = (await apiCall("GET", "/api/index/ajaxdata", { market: "crypto" })).data as Array<{ id: number; code: string }>;
  return String(products.find((product) => product.code === "BTCUSDT")!.id);
}

/**
 * A 30 s "up" order of 10 U on BTCUSDT placed through the API, as the customer's other device would; its id.
 * Throws when the server refuses it, so a test never waits for the result of an order that was not placed.
 */
export async function placeBtcOrder(customer: { token: string }): Promise<number> {
  const placed = await apiCall(
    "POST",
    "/api/user/addorder",
    { pid: await btcProductId(), direction: "up", seconds: "30", amount: "10", requestId: crypto.randomUUID() },
    customer.token,
  );
  if (placed.code !== 1) throw new Error(`order: ${placed.msg}`);
  return (placed.data as { id: number }).id;
}

/**
 * Asks for a recharge as the app does: a screenshot uploaded (a picture `png` pixels wide, so each test's bytes
 * are its own), then the request on the first channel. Answers the recharge's id, waiting for the operator.
 */
export async function askRecharge(customer: Customer, amount: string, requestId: string, png = { width: 40, height: 30 }): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(makePng(png.width, png.height))], { type: "image/png" }), "shot.png");
  const upload = await fetch(`${baseUrl()}/api/user/uploadfile`, { method: "POST", headers: { token: customer.token }, body: form });
  const screenshot = ((await upload.json()) as { data: { url: string } }).data.url;
  const channelId = String((await apiCall("GET", "/api/user/recharge", {}, customer.token)).data.channels[0].id);
  const recharge = await apiCall("POST", "/api/user/dorecharge", { channelId, amount, screenshot, requestId }, customer.token);
  if (recharge.code !== 1) throw new Error(`recharge: ${recharge.msg}`);
  return String(recharge.data.id);
}

/** Gives the customer cash the honest way: a recharge with its screenshot, approved by the operator. */
export async function fund(customer: Customer, amount: string): Promise<void> {
  const id = await askRecharge(customer, amount, `fund-${customer.account}`);
  const review = await opsCall("POST", "/api/ops/recharge/review", { id, decision: "approve" });
  if (review.code !== 1) throw new Error(`review: ${review.msg}`);
}
