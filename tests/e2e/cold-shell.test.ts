import { describe, expect } from "vitest";

import { it } from "./fixture";
import { appUrl } from "./helpers";

/**
 * The first screen is in index.html itself (build/prerender-shell.ts): it shows before any script runs, styled
 * by the inline stylesheet the CSP allows by hash, and the app takes over from it without moving anything.
 */
describe("the pre-rendered shell", () => {
  it("with scripting disabled, index.html alone shows the frame, a page skeleton and the tab bar, styled", async ({ openPhone }) => {
    const page = await openPhone({ javaScriptEnabled: false });
    const refusedStyles: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) refusedStyles.push(message.text());
    });
    await page.goto(appUrl("/"));
    await expect.poll(() => page.locator("#root > .frame").isVisible()).toBe(true);
    expect(await page.locator(".frame .skeleton").count()).toBeGreaterThan(0);
    expect(await page.locator(".tabbar .tab-label").allTextContents()).toEqual(["Home", "Project", "Order", "Mine"]);
    // styled by the inline stylesheet: the CSP let it apply (a refused one would leave the bar in the flow)
    const bar = await page.locator(".tabbar").evaluate((element) => ({
      position: getComputedStyle(element).position,
      bottom: Math.round(element.getBoundingClientRect().bottom),
      viewport: window.innerHeight,
    }));
    expect(bar.position).toBe("fixed");
    expect(bar.bottom).toBe(bar.viewport);
    expect(await page.locator(".frame").evaluate((element) => getComputedStyle(element).maxWidth)).toBe("450px");
    expect(refusedStyles).toEqual([]);
  });

  it("the app replaces the pre-rendered shell with no layout shift, the tab bar in the same box", async ({ openPhone }) => {
    const staticPage = await openPhone({ javaScriptEnabled: false });
    await staticPage.goto(appUrl("/"));
    const staticBar = await staticPage.locator(".tabbar").boundingBox();
    const staticTabs = await staticPage
      .locator(".tabbar .tab")
      .evaluateAll((tabs) => tabs.map((tab) => JSON.stringify(tab.getBoundingClientRect())));

    const page = await openPhone();
    await page.addInitScript(() => {
      const seen = window as unknown as { shifts: number[]; prerendered: Element | null };
      seen.shifts = [];
      seen.prerendered = null;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.shifts.push((entry as PerformanceEntry & { value: number }).value);
      }).observe({ type: "layout-shift", buffered: true });
      // the parser inserts the pre-rendered frame; remember that very element to see it replaced later
      new MutationObserver((_records, observer) => {
        const frame = document.querySelector("#root > .frame");
        if (frame) {
          seen.prerendered = frame;
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(appUrl("/"));
    // the app's own Home is up: its header, and the quote rows from the server
    await page.locator(".home-header").waitFor({ timeout: 30_000 });
    await page.locator(".quote-row").first().waitFor({ timeout: 30_000 });
    const state = await page.evaluate(() => {
      const seen = window as unknown as { prerendered: Element | null };
      return { hadPrerendered: seen.prerendered !== null, replaced: seen.prerendered !== null && !seen.prerendered.isConnected };
    });
    expect(state).toEqual({ hadPrerendered: true, replaced: true });
    expect(await page.locator(".tabbar").boundingBox()).toEqual(staticBar);
    expect(
      await page.locator(".tabbar .tab").evaluateAll((tabs) => tabs.map((tab) => JSON.stringify(tab.getBoundingClientRect()))),
    ).toEqual(staticTabs);
    // a frame later, so any shift of the take-over has been reported
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
  });
});
