import { readFileSync } from "node:fs";
import { join } from "node:path";

import { URI } from "otpauth";
import type { Browser, Page } from "playwright-core";
import { describe, expect } from "vitest";

import { it, ownServer, test } from "./fixture";

/**
 * The Operators page in Chromium at 1366×900: an admin adds an operator, who signs in with the authenticator
 * shown once; the admin resets their password (the next sign-in must set a new one) and their authenticator
 * (the next sign-in enrols a new one), ends their session, links the customer account they hold, and disables
 * them. The admin is offered no role, switch or reset on their own row.
 */
const server = ownServer({ withConsole: true });
const VIEWPORT = { width: 1366, height: 900 };
const ADMIN = "desk-admin";
const ADMIN_PASSWORD = "morning desk passphrase";
const CLERK = "desk-clerk";
let browser: Browser;
let admin: Page;
/** every address the admin's console asked for and did not find (its favicon was one) */
const missing: string[] = [];

test.beforeAll(async ({ browser: launched }) => {
  browser = launched;
  const setupCode = readFileSync(join(server.dataDir, "ops-setup-code"), "utf8").trim();
  const response = await fetch(`${server.baseUrl}/api/ops/setup`, {
    method: "POST",
    body: new URLSearchParams({ setupCode, username: ADMIN, password: ADMIN_PASSWORD }),
  });
  const otpauth = ((await response.json()) as { data: { otpauth: string } }).data.otpauth;
  admin = await browser.newPage({ viewport: VIEWPORT });
  admin.on("response", (response) => {
    if (response.status() === 404) missing.push(response.url());
  });
  await signIn(admin, ADMIN, ADMIN_PASSWORD, URI.parse(otpauth).generate());
  await admin.getByRole("heading", { name: "Dashboard" }).waitFor({ timeout: 15_000 });
});

async function signIn(page: Page, username: string, password: string, code?: string) {
  await page.goto(`${server.baseUrl}/ops/#/login`);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  if (code) await page.getByLabel("Authenticator code").fill(code);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The next authenticator code, in a later 30-second step than the last one used (each is good once). */
async function nextCode(uri: string, used: Set<string>): Promise<string> {
  for (;;) {
    const code = URI.parse(uri).generate();
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

const clerkRow = () => admin.getByTestId(`operator-${CLERK}`);
const shownOnce = async () => {
  const box = admin.getByTestId("shown-once");
  await box.waitFor();
  const secrets = await box.locator("code").allTextContents();
  await box.getByRole("button", { name: "Done" }).click();
  return secrets;
};

describe("the Operators page", () => {
  it("adds, resets, ends the session of, links and disables an operator, who is held to the steps a reset leaves", async () => {
    await admin.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Operators" }).click();
    await admin.getByRole("heading", { name: "Operators" }).waitFor();
    // nothing on the admin's own row that the server would refuse
    const own = admin.getByTestId(`operator-${ADMIN}`);
    expect(await own.getByRole("button", { name: `Disable ${ADMIN}` }).count()).toBe(0);
    expect(await own.getByLabel(`Role of ${ADMIN}`).count()).toBe(0);
    expect(await own.getByRole("button", { name: `Reset password of ${ADMIN}` }).count()).toBe(0);
    expect(await own.getByRole("button", { name: `Reset authenticator of ${ADMIN}` }).count()).toBe(0);

    const form = admin.getByRole("form", { name: "New operator" });
    await form.getByLabel("Username").fill(CLERK);
    await form.getByLabel("Role").selectOption("finance");
    await form.getByRole("button", { name: "Add operator" }).click();
    const [password, otpauth] = await shownOnce();
    expect(otpauth).toMatch(/^otpauth:\/\/totp\//);
    const used = new Set<string>();

    const clerk = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
    await signIn(clerk, CLERK, password!, await nextCode(otpauth!, used));
    await expect.poll(() => clerk.getByRole("heading", { name: "Dashboard" }).isVisible(), { timeout: 15_000 }).toBe(true);

    // a password reset ends the session; the temporary password leads to choosing a new one
    await clerkRow()
      .getByRole("button", { name: `Reset password of ${CLERK}` })
      .click();
    const [temporary] = await shownOnce();
    await signIn(clerk, CLERK, temporary!, await nextCode(otpauth!, used));
    await clerk.getByRole("heading", { name: "Choose a new password" }).waitFor({ timeout: 15_000 });
    await clerk.getByLabel("Current password").fill(temporary!);
    await clerk.getByLabel("New password", { exact: true }).fill("password1234");
    await clerk.getByLabel("New password again").fill("password1234");
    await clerk.getByRole("button", { name: "Set password" }).click();
    await expect.poll(() => clerk.getByRole("alert").textContent()).toContain("common passwords");
    await clerk.getByLabel("New password", { exact: true }).fill("clerk's own long phrase");
    await clerk.getByLabel("New password again").fill("clerk's own long phrase");
    await clerk.getByRole("button", { name: "Set password" }).click();
    await expect.poll(() => clerk.getByRole("heading", { name: "Dashboard" }).isVisible(), { timeout: 15_000 }).toBe(true);

    // an authenticator reset: the password alone signs in, to enrol a new one and nothing else
    await admin.reload();
    await clerkRow()
      .getByRole("button", { name: `Reset authenticator of ${CLERK}` })
      .click();
    await expect.poll(() => clerkRow().textContent()).toContain("authenticator due");
    await signIn(clerk, CLERK, "clerk's own long phrase");
    await clerk.getByRole("heading", { name: "Enrol an authenticator" }).waitFor({ timeout: 15_000 });
    await clerk.getByRole("button", { name: "Show my authenticator key" }).click();
    const enrolled = (await clerk.getByTestId("new-otpauth").textContent()) ?? "";
    await clerk.getByLabel("Authenticator code").fill(await nextCode(enrolled, new Set()));
    await clerk.getByRole("button", { name: "Confirm authenticator" }).click();
    await expect.poll(() => clerk.getByRole("heading", { name: "Dashboard" }).isVisible(), { timeout: 15_000 }).toBe(true);

    // the session is listed and ended
    await admin.reload();
    await clerkRow()
      .getByRole("button", { name: `Sessions of ${CLERK}` })
      .click();
    const sessions = admin.getByRole("region", { name: `Sessions of ${CLERK}` });
    await sessions.getByRole("button", { name: "End", exact: true }).click();
    await expect.poll(() => sessions.textContent()).toContain("No open session.");
    await clerk.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Recharges" }).click();
    await expect.poll(() => clerk.url(), { timeout: 15_000 }).toContain("#/login");

    // the customer account the clerk holds, then the switch that ends everything
    await clerkRow().getByLabel("Customer account to link").fill("demo");
    await clerkRow().getByRole("button", { name: "Link" }).click();
    await expect.poll(() => clerkRow().getByRole("button", { name: "Unlink demo" }).isVisible()).toBe(true);
    await clerkRow()
      .getByRole("button", { name: `Disable ${CLERK}` })
      .click();
    await expect.poll(() => clerkRow().textContent()).toContain("disabled");
    expect(
      await clerkRow()
        .getByRole("button", { name: `Enable ${CLERK}` })
        .isVisible(),
    ).toBe(true);
    // the page fits the screen: no control is pushed out of reach
    expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(missing).toEqual([]);
  });
});

describe("the product editor at 1366 px", () => {
  it("leaves every settlement option's input in reach, none under the panel beside it", async () => {
    await admin.goto(`${server.baseUrl}/ops/#/products`);
    await admin.getByRole("button", { name: "Edit" }).first().click();
    const inputs = admin.locator(".editor table input");
    await inputs.first().waitFor();
    const covered = await inputs.evaluateAll((all) =>
      all
        .filter((input) => {
          input.scrollIntoView({ block: "center", inline: "center" });
          const box = input.getBoundingClientRect();
          return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) !== input;
        })
        .map((input) => input.getAttribute("aria-label") ?? input.getAttribute("name") ?? "?"),
    );
    expect(covered).toEqual([]);
  });
});
