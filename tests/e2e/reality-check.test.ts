import { describe, expect } from "vitest";

import { apiCall } from "./customer";
import { it } from "./fixture";

/**
 * The reality check at the interval the customer chose (here the shortest, one minute): a sheet over the page
 * with the session's figures; Continue brings it back one interval later, a reload does not bring it sooner,
 * Log out ends the session. On a phone-sized screen (390×844).
 */
describe("the reality check in the browser", () => {
  it("shows the session's figures at the interval, Continue survives a reload, Log out signs out", async ({
    customerPage: page,
    customer,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const set = await apiCall("POST", "/api/user/limits", { requestId: `reality-${Date.now()}`, realityCheckMinutes: "1" }, customer.token);
    expect(set.code, set.msg).toBe(1);
    // the app learns the interval when it next plans the check: on a reload
    await page.reload();
    const sheet = page.getByRole("dialog", { name: "Reality check" });
    await sheet.waitFor({ timeout: 120_000 });
    expect(await page.getByTestId("reality-trades").textContent()).toBe("0");
    expect(await page.getByTestId("reality-turnover").textContent()).toContain("0.00");
    await sheet.getByRole("button", { name: "Continue" }).click();
    await sheet.waitFor({ state: "detached" });
    const kept = await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith("reality-check:")));
    expect(kept).toHaveLength(1);

    // a reload keeps the Continue: the next check waits for its interval
    const planned = page.waitForResponse((response) => response.url().includes("/api/user/session_summary"));
    await page.reload();
    await planned;
    expect(await page.getByRole("dialog", { name: "Reality check" }).count()).toBe(0);

    // one interval later it is back; Log out ends the session
    await sheet.waitFor({ timeout: 120_000 });
    await sheet.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(/#\/pages\/login\/login/);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  }, 300_000);
});
