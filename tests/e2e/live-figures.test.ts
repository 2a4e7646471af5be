import type { Page, Request } from "playwright-core";
import { describe, expect } from "vitest";

import { withCheckDigit } from "../server/card-numbers";
import { makePng } from "../server/images";
import { checkCharacter, residentId, withWrongCheck } from "../server/resident-ids";
import { it } from "./fixture";
import { appUrl, ops } from "./helpers";

/** A recharge under review, sent through the recharge page with a screenshot. */
async function recharge(page: Page, amount: string): Promise<void> {
  await page.goto(appUrl("/pages/user/recharge"));
  await page.getByRole("button", { name: "USDT (TRC20)" }).click();
  await page.getByLabel("Amount", { exact: true }).fill(amount);
  // a picture of its own: the same bytes back one recharge only
  await page.setInputFiles("#screenshot", { name: "transfer.png", mimeType: "image/png", buffer: makePng(40, 30) });
  await expect.poll(() => page.getByTestId("upload-progress").getAttribute("value")).toBe("1");
  await page.getByRole("button", { name: "Submit" }).click();
  await page.waitForURL(/rechargerecord/);
}

const cash = (page: Page) => page.locator('[data-label="Cash"]').textContent();

describe("figures stay true while a page is open", () => {
  it("Mine and the wallet show an operator's approval within seconds, without navigating", async ({ customerPage: page, customer }) => {
    const { account } = customer;
    await recharge(page, "12345.67");
    await recharge(page, "1000");
    // the record is grouped as the reader's language writes amounts
    expect(await page.getByTestId("recharge-records").textContent()).toContain("12,345.67 U");
    const pending = (ops("recharges") as { items: Array<{ id: number; account: string; amount: string }> }).items.filter(
      (r) => r.account === account,
    );
    expect(pending).toHaveLength(2);
    const [big, small] = [pending.find((r) => r.amount.startsWith("12345"))!, pending.find((r) => r.amount.startsWith("1000"))!];

    // Mine is open; the operator approves from elsewhere: the figure changes in place, the page is not reloaded
    await page.goto(appUrl("/pages/user/user"));
    await expect.poll(() => cash(page)).toBe("0.00 U");
    await page.evaluate(() => ((window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true));
    ops("recharge-approve", String(big.id));
    await expect.poll(() => cash(page), { timeout: 15_000 }).toBe("12,345.67 U");
    expect(page.url()).toMatch(/pages\/user\/user$/);
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);

    // the wallet likewise, its total with it
    await page.getByRole("link", { name: "Wallet" }).click();
    await page.waitForURL(/pages\/user\/wallet/);
    await expect.poll(() => cash(page)).toBe("12,345.67 U");
    ops("recharge-approve", String(small.id));
    await expect.poll(() => cash(page), { timeout: 15_000 }).toBe("13,345.67 U");
    expect(await page.getByTestId("wallet-total").textContent()).toBe("13,345.67 U");
    expect(page.url()).toMatch(/pages\/user\/wallet$/);
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
  });

  it("a card number or ID number the server would refuse is refused in place, in its words, and nothing is sent", async ({
    customerPage: page,
    customer,
  }) => {
    const posts: string[] = [];
    page.on("request", (request: Request) => {
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
    });

    // a bank card number has 12 to 19 digits once the spaces are gone
    await page.goto(appUrl("/pages/user/addBank"));
    await page.getByLabel("Bank name", { exact: true }).fill("Example Bank");
    const number = page.getByLabel("Card number", { exact: true });
    for (const wrong of ["6222 0000 123", "6222 0000 1234 5678 9012", "6222-0000-1234-5678"]) {
      await number.fill(wrong);
      await page.getByLabel("Fund password", { exact: true }).fill(customer.payPassword);
      await page.getByRole("button", { name: "Save" }).click();
      const error = page.locator(".field", { has: number }).getByRole("alert");
      await expect.poll(() => error.textContent()).toBe("A bank card number has 12 to 19 digits");
      expect(await number.getAttribute("aria-invalid")).toBe("true");
    }
    expect(posts.filter((path) => path === "/api/user/add_card")).toEqual([]);
    // sixteen digits carry a Luhn check digit
    await number.fill(withCheckDigit(`6222${String(Date.now()).slice(-11)}`));
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/pages\/user\/bank$/);
    expect(posts.filter((path) => path === "/api/user/add_card")).toHaveLength(1);

    // the resident ID: eighteen characters, the MOD 11-2 check character and a real birth date
    await page.goto(appUrl("/pages/user/auth"));
    await page.getByLabel("Name", { exact: true }).fill("Ann Example");
    await page.getByRole("checkbox").check();
    const id = page.getByLabel("ID number", { exact: true });
    const noDate = "11010119900230123";
    for (const wrong of [withWrongCheck(residentId("19900101", 7)), `${noDate}${checkCharacter(noDate)}`, "11010119900101"]) {
      await id.fill(wrong);
      await page.getByRole("button", { name: "Submit" }).click();
      const error = page.locator(".field", { has: id }).getByRole("alert");
      await expect.poll(() => error.textContent()).toBe("Wrong ID number");
    }
    expect(posts.filter((path) => path === "/api/user/certification")).toEqual([]);
    await id.fill(residentId("19900101", 7));
    await page.getByRole("button", { name: "Submit" }).click();
    await page.locator("[data-testid=verification-status][data-status=review]").waitFor();
    expect(posts.filter((path) => path === "/api/user/certification")).toHaveLength(1);
  });
});
