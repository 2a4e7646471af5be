import type { Page } from "playwright-core";
import { describe, expect } from "vitest";

import { apiCall, logInThroughPage } from "./customer";
import { it } from "./fixture";
import { appUrl } from "./helpers";

/** Taps a star and waits for the server's answer (the star itself turns at once, before the server has it). */
async function tapStar(page: Page, name: string): Promise<void> {
  const saved = page.waitForResponse(
    (response) => response.url().includes("/api/user/favourite") && response.request().method() === "POST",
  );
  await page.getByRole("button", { name: `Favourite: ${name}` }).click();
  expect((await (await saved).json()).code).toBe(1);
}

describe("favourites in the browser", () => {
  it("a visitor's star leads to login and back; stars persist on the server across a reload and show first on Home; Home remembers its tab", async ({
    page,
    customer,
  }) => {
    // logged out: quotes are browsable, the star leads to login, and login comes back to Home
    await page.goto(appUrl("/"));
    await page.getByRole("tab", { name: "Crypto" }).click();
    await page.getByRole("button", { name: "Favourite: BTC/USDT" }).click();
    await page.waitForURL(/pages\/login\/login\?redirect=/);
    await logInThroughPage(page, customer);
    await page.waitForURL((url) => url.hash === "#/" || url.hash === "#/?");
    expect(await page.getByRole("tab", { name: "Favourites" }).count()).toBe(0);

    // star two products, one from Home and one from the trade screen's header
    await page.getByRole("tab", { name: "Crypto" }).click();
    const btcStar = page.getByRole("button", { name: "Favourite: BTC/USDT" });
    await tapStar(page, "BTC/USDT");
    await expect.poll(() => btcStar.getAttribute("aria-pressed")).toBe("true");
    await page.locator("[data-code=ETHUSDT]").click();
    await page.waitForURL(/pages\/trade\/trade/);
    const ethStar = page.getByRole("button", { name: "Favourite: ETH/USDT" });
    await expect.poll(() => ethStar.getAttribute("aria-pressed")).toBe("false");
    await tapStar(page, "ETH/USDT");
    await expect.poll(() => ethStar.getAttribute("aria-pressed")).toBe("true");

    // the server holds them, in the order starred
    const held = await apiCall("GET", "/api/user/favourites", {}, customer.token);
    expect(held.data).toHaveLength(2);

    // after a reload the Favourites tab comes first and lists the two stars in the order starred
    await page.goto(appUrl("/"));
    await page.reload();
    const tabs = page.getByRole("tab");
    await expect.poll(() => tabs.first().textContent()).toBe("Favourites");
    await page.getByRole("tab", { name: "Favourites" }).click();
    await expect
      .poll(() => page.locator(".quote-row").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-code"))))
      .toEqual(["BTCUSDT", "ETHUSDT"]);

    // the tab chosen is remembered across a reload
    await page.getByRole("tab", { name: "Metals" }).click();
    await page.reload();
    await expect.poll(() => page.getByRole("tab", { name: "Metals" }).getAttribute("aria-selected")).toBe("true");

    // on a narrow phone the remembered tab, the last of the row, is scrolled into sight
    await page.setViewportSize({ width: 320, height: 640 });
    await page.getByRole("tab", { name: "Crypto" }).click();
    await page.reload();
    const crypto = page.getByRole("tab", { name: "Crypto" });
    await expect.poll(() => crypto.getAttribute("aria-selected")).toBe("true");
    await expect
      .poll(async () => {
        const box = (await crypto.boundingBox())!;
        return box.x >= 0 && box.x + box.width <= 320;
      })
      .toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });

    // unstarring the last favourites removes the tab; the server agrees after a reload
    await page.getByRole("tab", { name: "Favourites" }).click();
    await tapStar(page, "BTC/USDT");
    await tapStar(page, "ETH/USDT");
    await expect.poll(() => page.getByRole("tab", { name: "Favourites" }).count()).toBe(0);
    await page.reload();
    await page.locator(".quote-row").first().waitFor();
    expect(await page.getByRole("tab", { name: "Favourites" }).count()).toBe(0);
    expect((await apiCall("GET", "/api/user/favourites", {}, customer.token)).data).toEqual([]);
  });
});
