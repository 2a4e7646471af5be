import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { chromium } from "playwright-core";
import { describe, expect } from "vitest";

import { CHROME_ARGS, chromePath } from "../../scripts/browser.mjs";
import { it } from "./fixture";
import { appUrl, baseUrl, reloadUnderServiceWorker } from "./helpers";

describe("PWA shell", () => {
  it("registers the service worker, and offline a reload still renders the shell", async ({ page }) => {
    const context = page.context();
    await page.goto(appUrl("/"));
    await page.waitForSelector(".tabbar");
    await reloadUnderServiceWorker(page);

    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector(".tabbar");
    // (polled: the app replaces the shell's tab bar with its own meanwhile)
    await expect.poll(() => page.locator(".tab-label").allTextContents()).toEqual(["Home", "Invest", "Order", "Mine"]);
    await page.goto(appUrl("/pages/login/login"));
    await page.getByRole("button", { name: "Log in" }).waitFor();
  });

  it("is installable: Chromium reports no installability errors", async () => {
    // installability is judged only outside incognito, so this test uses a real profile folder
    const profile = mkdtempSync(join(tmpdir(), "trading-profile-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: await chromePath(),
      args: CHROME_ARGS,
      viewport: { width: 390, height: 844 },
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(appUrl("/"));
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const session = await context.newCDPSession(page);
    await expect
      .poll(
        async () => ((await session.send("Page.getInstallabilityErrors")) as { installabilityErrors: unknown[] }).installabilityErrors,
        {
          timeout: 20_000,
        },
      )
      .toEqual([]);
    const manifest = (await (await fetch(`${baseUrl()}/h5/manifest.webmanifest`)).json()) as {
      icons: Array<{ src: string; sizes: string; purpose: string }>;
      screenshots: Array<{ src: string }>;
    };
    expect(manifest).toMatchObject({ id: "/h5/", start_url: "/h5/", scope: "/h5/", display: "standalone" });
    expect(manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual(
      expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]),
    );
    for (const image of [...manifest.icons, ...manifest.screenshots]) {
      const response = await fetch(`${baseUrl()}/h5/${image.src}`);
      expect(response.headers.get("content-type"), image.src).toBe("image/png");
    }
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it("keeps the content in a 450px column on a wide window", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(appUrl("/"));
    // the app's own Home (the shell in the HTML has a frame and a tab bar too, until the app replaces them)
    await page.locator(".quote-row").first().waitFor({ timeout: 30_000 });
    const frame = await page.locator(".frame").boundingBox();
    const tabbar = await page.locator(".tabbar").boundingBox();
    expect(frame?.width).toBe(450);
    expect(frame?.x).toBe((1280 - 450) / 2);
    expect(tabbar?.height).toBe(50);
    await context.close();
  });

  it("a missing page chunk leads to one guarded reload and an error page, not a loop or a blank page", async ({ openPhone }) => {
    const page = await openPhone({ serviceWorkers: "block" });
    const context = page.context();
    const loaded = new Set<string>();
    page.on("request", (request) => {
      if (request.url().includes("/h5/assets/")) loaded.add(request.url());
    });
    // the first page's visit is over once the app has drawn Home and started what it starts after it (the shell's
    // own tab bar is in the HTML, before any script is even asked for)
    const startedAfterHome = page.waitForEvent("requestfinished", (request) =>
      /\/assets\/after-first-render-[^/]+\.js$/.test(request.url()),
    );
    await page.goto(appUrl("/"));
    await page.locator(".quote-row").first().waitFor({ timeout: 30_000 });
    await startedAfterHome;
    // from now on, any chunk the first page did not need is "gone", as after a deploy
    const known = new Set(loaded);
    await context.route("**/h5/assets/*.js", (route) => (known.has(route.request().url()) ? route.continue() : route.abort()));
    let loads = 0;
    page.on("load", () => loads++);
    await page.goto(appUrl("/pages/login/register"));
    await page.getByTestId("route-error").waitFor({ timeout: 20_000 });
    await page.waitForTimeout(3_000);
    // the hash navigation itself fires no load event: exactly one is the recovery reload
    expect(loads).toBe(1);
    expect(await page.evaluate(() => sessionStorage.getItem("chunk-reload-at"))).not.toBeNull();
    await page.getByTestId("route-error").waitFor();
    expect(await page.getByRole("button", { name: "Reload" }).isVisible()).toBe(true);
  });
});
