import { describe, expect } from "vitest";

import { btcProductId } from "./customer";
import { it } from "./fixture";
import { appUrl, baseUrl } from "./helpers";

describe("expiry at a clock time", () => {
  it("places an order for the next minute boundary from the Time chips at 390×844 and sees it settle at that time", async ({
    demoPage: page,
  }) => {
    const pid = await btcProductId();
    await page.goto(appUrl(`/pages/trade/trade?pid=${pid}`));
    await page.locator("[data-testid=kline] canvas").first().waitFor();

    await page.getByTestId("expiry-time-mode").click();
    const chips = page.locator(".tr-time-chip");
    await chips.first().waitFor();
    // each chip is a whole minute in the device's time zone, written by Intl, and counts down to its cut-off
    const offered = await chips.evaluateAll((nodes) =>
      nodes.map((node) => ({
        at: Number(node.getAttribute("data-expires-at")),
        time: node.querySelector(".tr-time")!.textContent,
        left: node.querySelector(".tr-time-left")!.textContent!,
      })),
    );
    expect(offered.length).toBeGreaterThanOrEqual(4);
    const intlTimes = await page.evaluate(
      (ats) =>
        ats.map((at) => new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at * 1000)),
      offered.map((chip) => chip.at),
    );
    expect(offered.map((chip) => chip.time)).toEqual(intlTimes);
    for (const chip of offered) expect(chip.at % 60).toBe(0);
    for (let i = 1; i < offered.length; i++) expect(offered[i]!.at - offered[i - 1]!.at).toBe(60);
    // every chip is on the screen or a sideways scroll away, never pushing the page wider
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // the nearest time unless its cut-off is a few seconds off (it would pass while the test taps)
    const secondsLeft = ([minutes, seconds]: number[]) => minutes! * 60 + seconds!;
    const pick = secondsLeft(offered[0]!.left.split(":").map(Number)) >= 8 ? 0 : 1;
    await chips.nth(pick).click();
    const at = offered[pick]!.at;
    expect(await chips.nth(pick).getAttribute("aria-pressed")).toBe("true");

    // confirm each order is on for the demo customer: the sheet names the clock time
    await page.getByTestId("trade-up").click();
    const sheet = page.getByTestId("order-confirm");
    await expect.poll(() => sheet.getByTestId("confirm-expiry").textContent()).toBe(offered[pick]!.time);
    const placed = page.waitForResponse((response) => response.url().includes("/api/user/addorder"));
    await page.getByRole("button", { name: "Confirm buy up" }).click();
    const response = await placed;
    const order = (await response.json()).data as { id: number; closeTime: number; openTime: number; seconds: number };
    expect(order.closeTime).toBe(at);
    expect(order.seconds).toBe(at - order.openTime);

    // the result shows once the boundary passed (up to 90 s away) and the minute it opens is revealed (62 s later),
    // and the server settled it on that second's tick
    await page.locator(`[data-testid=order-result][data-order="${order.id}"]`).waitFor({ timeout: 200_000 });
    const token = await page.evaluate(() => localStorage.getItem("token")!);
    const settled = (await (await fetch(`${baseUrl()}/api/user/get_this_order?id=${order.id}`, { headers: { token } })).json()).data;
    expect(settled).toMatchObject({ status: "closed", closeTime: at });
    expect(settled.settledAt).toBeGreaterThanOrEqual(at);
  }, 300_000);
});
