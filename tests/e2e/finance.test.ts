import { describe, expect } from "vitest";

import { it } from "./fixture";

describe("yuebao in the browser", () => {
  it("joins a plan, sees it earning, appends, stops and sees the cash back", async ({ demoPage: page }) => {
    const token = await page.evaluate(() => localStorage.getItem("token")!);
    const cashBefore = Number((await (await fetch(new URL("/api/user/wallet", page.url()), { headers: { token } })).json()).data.cash);

    // the investment tab compares the plans for an amount
    await page.getByRole("link", { name: "Invest" }).click();
    await page.getByLabel("Amount to compare").fill("1000");
    await expect.poll(() => page.getByTestId("expected-7").textContent()).toBe("Expected profit 5.60 U");
    await page.getByTestId("plans").locator("li").first().getByRole("link", { name: "Join" }).click();
    await page.waitForURL(/pages\/project\/details/);
    await page.getByLabel("Amount", { exact: true }).fill("1000");
    await page.getByRole("button", { name: "Join" }).click();
    const joinSheet = page.getByRole("dialog", { name: "Confirm joining the plan" });
    expect(await joinSheet.getByTestId("confirm-amount").textContent()).toBe("1,000.00 U");
    await joinSheet.getByLabel("Fund password", { exact: true }).fill("246810");
    await joinSheet.getByRole("button", { name: "Confirm" }).click();
    await page.waitForURL(/pages\/user\/finance/);
    const subscription = page.getByTestId("subscriptions").locator("li").first();
    await subscription.locator("[data-status=earning]").waitFor();
    await expect.poll(() => page.locator('[data-label="Total balance"]').textContent()).toContain("1,000.00");

    // a refused append is told inside the sheet and by a toast drawn above it
    await subscription.getByRole("button", { name: "Append" }).click();
    await page.getByLabel("Amount", { exact: true }).fill("0");
    await page.getByRole("button", { name: "Confirm" }).click();
    const sheetError = page.getByTestId("sheet-error");
    await expect.poll(() => sheetError.textContent()).not.toBe("");
    const refusal = (await sheetError.textContent())!;
    await page.locator(".toast-error", { hasText: refusal }).waitFor();
    const [toastLayer, sheetLayer] = await page.evaluate(() =>
      [".toasts", ".sheet-backdrop"].map((selector) => Number(getComputedStyle(document.querySelector(selector)!).zIndex)),
    );
    expect(toastLayer).toBeGreaterThan(sheetLayer!);

    // append 500 with a confirmation
    await page.getByLabel("Amount", { exact: true }).fill("500");
    expect(await sheetError.textContent()).toBe("");
    expect(await page.getByTestId("confirm-net").textContent()).toBe("500.00 U");
    await page.getByLabel("Fund password", { exact: true }).fill("246810");
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect.poll(() => page.locator('[data-label="Total balance"]').textContent()).toContain("1,500.00");
    expect(await subscription.textContent()).toContain("Principal 1,500.00 U");

    // stop: asks for the fund password like join and append; a wrong one is refused inside the sheet and the
    // plan keeps running; the right one pays principal (and any profit) back to cash
    await subscription.getByRole("button", { name: "Stop" }).click();
    const stopSheet = page.getByRole("dialog", { name: "Stop and settle now" });
    await stopSheet.getByLabel("Fund password", { exact: true }).fill("999999");
    await stopSheet.getByRole("button", { name: "Confirm" }).click();
    await expect.poll(() => sheetError.textContent()).toBe("Fund password wrong");
    expect(await subscription.locator("[data-status=earning]").count()).toBe(1);
    await stopSheet.getByLabel("Fund password", { exact: true }).fill("246810");
    await stopSheet.getByRole("button", { name: "Confirm" }).click();
    await subscription.locator("[data-status=settled]").waitFor();
    expect(await subscription.getByTestId("settled-time").textContent()).toMatch(
      /^Settled at \d{4}\u2011\d{2}\u2011\d{2}\u00a0\d{2}:\d{2}:\d{2}$/,
    );
    const cashAfter = Number((await (await fetch(new URL("/api/user/wallet", page.url()), { headers: { token } })).json()).data.cash);
    expect(cashAfter).toBeCloseTo(cashBefore, 2);
  });
});
