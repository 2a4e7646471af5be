import type { Page, Route } from "playwright-core";
import { describe, expect } from "vitest";

import { it, type Session } from "./fixture";
import { appUrl, baseUrl } from "./helpers";

/** Records every layout-shift entry of the page's life in `window.shifts` (from before the first paint on). */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = window as unknown as { shifts: number[] };
    seen.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: "layout-shift", buffered: true });
  });
}

async function shiftsSoFar(page: Page): Promise<number[]> {
  // a frame later, so any shift of the take-over has been reported
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
}

/** Records every largest-contentful-paint entry (size and time) in `window.largest`, from before the first paint on. */
async function recordLargestPaints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = window as unknown as { largest: Array<{ size: number; time: number }> };
    seen.largest = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { size: number }>)
        seen.largest.push({ size: entry.size, time: entry.startTime });
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
}

const largestPaints = (page: Page) =>
  page.evaluate(() => (window as unknown as { largest: Array<{ size: number; time: number }> }).largest);

/** How many first-contentful-paint entries the page has: 1 once something (text, an icon) was painted. */
const contentfulPaints = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType("paint").filter((entry) => entry.name === "first-contentful-paint").length);

/**
 * Holds the app's shell chunk (React, the router, the app) on the wire until `release()`: meanwhile the page is
 * what index.html and its head script make of it, which is what a slow network shows before React mounts.
 */
async function holdTheApp(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/app-shell-[^/]+\.js$/, (route) => (released ? route.continue() : void held.push(route)));
  return async () => {
    released = true;
    for (const route of held.splice(0)) await route.continue();
  };
}

/** The session where the app keeps it (localStorage "token"), set before the first page of the context loads. */
const storedSession = (session: Session) => ({
  storageState: { cookies: [], origins: [{ origin: baseUrl(), localStorage: [{ name: "token", value: session.token }] }] },
});

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
    expect(await page.locator(".tabbar .tab-label").allTextContents()).toEqual(["Home", "Invest", "Order", "Mine"]);
    expect(await page.locator(".static-shell-bar").isVisible()).toBe(false);
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
    // the app's own Home is up: the quote rows from the server
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

  it("Home's first banner comes with the HTML (server/http/index-document.ts): painted before the app, the largest paint of the visit, and the app's banner takes its box", async ({
    openPhone,
  }) => {
    const home = await (await fetch(`${baseUrl()}/api/index/home`, { headers: { lang: "en" } })).json();
    const banner = home.data.banners[0] as { title: string; summary: string };
    const page = await openPhone();
    await recordLargestPaints(page);
    await recordShifts(page);
    const release = await holdTheApp(page);
    await page.goto(appUrl("/"), { waitUntil: "commit" });
    const staticBanner = page.locator("#root > .static-shell [data-testid=banner]");
    await staticBanner.waitFor();
    expect(await staticBanner.locator("strong").textContent()).toBe(banner.title);
    expect(await staticBanner.locator("span").textContent()).toBe(banner.summary);
    // the preview instead of the skeleton, and the page's largest paint already made
    expect(await page.locator("#root > .static-shell > .page[aria-busy]").isVisible()).toBe(false);
    await expect.poll(() => largestPaints(page).then((paints) => paints.length)).toBeGreaterThan(0);
    const boxes = async () => [
      await page.locator("[data-testid=banner] strong").boundingBox(),
      await page.locator("[data-testid=banner] span").boundingBox(),
    ];
    const before = await boxes();
    const largestBefore = await largestPaints(page);

    await release();
    await page.locator(".quote-row").first().waitFor({ timeout: 30_000 });
    expect(await page.locator(".static-shell").count()).toBe(0);
    expect(await page.getByTestId("banner").locator("strong").textContent()).toBe(banner.title);
    expect(await boxes()).toEqual(before);
    // nothing the app drew was larger: the largest contentful paint is the one that came with the HTML
    expect(await largestPaints(page)).toEqual(largestBefore);
    expect(await shiftsSoFar(page)).toEqual([]);
  });

  it("a reader of another language: the skeleton on a visit whose document has the English banner, their own banner from the next visit on", async ({
    openPhone,
  }) => {
    const home = await (await fetch(`${baseUrl()}/api/index/home`, { headers: { lang: "de" } })).json();
    const banner = home.data.banners[0] as { title: string };
    const page = await openPhone({
      storageState: { cookies: [], origins: [{ origin: baseUrl(), localStorage: [{ name: "language", value: "de" }] }] },
    });
    const release = await holdTheApp(page);
    // no cookie yet: the server wrote the English banner, which this reader does not get to see
    await page.goto(appUrl("/"), { waitUntil: "commit" });
    await page.locator("#root > .static-shell .skeleton-row").first().waitFor();
    expect(await page.locator("#root > .static-shell > .page[aria-busy]").isVisible()).toBe(true);
    expect(await page.locator("#root > .static-shell [data-testid=banner]").isVisible()).toBe(false);
    // the head script has kept the stored language for the document's path
    expect((await page.context().cookies()).find((cookie) => cookie.name === "language")).toMatchObject({ value: "de", path: "/h5/" });

    const next = await page.context().newPage();
    const releaseNext = await holdTheApp(next);
    await next.goto(appUrl("/"), { waitUntil: "commit" });
    const staticBanner = next.locator("#root > .static-shell [data-testid=banner]");
    await staticBanner.waitFor();
    expect(await staticBanner.locator("strong").textContent()).toBe(banner.title);
    expect(await staticBanner.getAttribute("lang")).toBe("de");
    // the whole shell is in German, the tab labels as the app draws them
    expect(await next.evaluate(() => document.documentElement.lang)).toBe("de");
    const staticTabs = await next.locator("#root > .static-shell .tabbar .tab").allTextContents();
    await release();
    await releaseNext();
    await next.locator(".quote-row").first().waitFor({ timeout: 30_000 });
    expect(await next.getByTestId("banner").locator("strong").textContent()).toBe(banner.title);
    expect(await next.locator(".tabbar .tab").allTextContents()).toEqual(staticTabs);
    expect(staticTabs).not.toContain("Home");
  });

  // the app shows the tab bar on the tab pages only (Shell), and a tab page behind the login opens the login page
  const withoutTabs = [
    { name: "the login page", hash: "/pages/login/login", signedIn: false, content: "[data-testid=forgot-password]" },
    { name: "recharge, signed in", hash: "/pages/user/recharge", signedIn: true, content: "[data-testid=upload-picker]" },
    {
      name: "Mine, signed out (it opens the login page)",
      hash: "/pages/user/user",
      signedIn: false,
      content: "[data-testid=forgot-password]",
    },
    // (a product there is none of: the product read fails, so no preview of its head)
    { name: "the trade screen of an unknown product, signed in", hash: "/pages/trade/trade?pid=999999", signedIn: true, content: ".empty" },
  ];
  it.for(withoutTabs)(
    "$name: no tab bar in the pre-rendered shell before React mounts but a title bar with a way home, painted; none after, and no layout shift",
    async ({ hash, signedIn, content }, { openPhone, demo }) => {
      const page = await openPhone(signedIn ? storedSession(demo) : {});
      await recordShifts(page);
      const release = await holdTheApp(page);
      // "load" would wait for the held chunk
      await page.goto(appUrl(hash), { waitUntil: "commit" });
      await page.locator("#root > .static-shell .skeleton-row").first().waitFor();
      // the bar is in the markup (one index.html for every page) but hidden from the first paint on
      expect(await page.locator(".tabbar").isVisible()).toBe(false);
      expect(await page.locator("#root > .frame").evaluate((frame) => getComputedStyle(frame).paddingBottom)).toBe("0px");
      // instead a title bar whose back link leads home: something to see (the first contentful paint) and a way
      // out while the app is still on the wire
      const home = page.locator(".static-shell-bar a");
      expect(await home.isVisible()).toBe(true);
      expect(await home.getAttribute("href")).toBe("#/");
      expect(await home.getAttribute("aria-label")).toBe("Home");
      await expect.poll(() => contentfulPaints(page)).toBe(1);
      await release();
      await page.locator(content).waitFor({ timeout: 30_000 });
      expect(await page.locator(".static-shell").count()).toBe(0);
      expect(await page.locator(".tabbar").count()).toBe(0);
      expect(await shiftsSoFar(page)).toEqual([]);
    },
  );

  it("signed-in Mine: the early script draws the customer's head from the account read before the app, which is asked for only then, keeps the tab bar, and takes the same boxes with no layout shift and no larger paint", async ({
    openPhone,
    demo,
  }) => {
    const account = await (await fetch(`${baseUrl()}/api/user/index`, { headers: { token: demo.token, lang: "en" } })).json();
    const user = account.data as { account: string; phone: string; inviteCode: string; verified: boolean; vipLevel: number };
    const page = await openPhone(storedSession(demo));
    await recordLargestPaints(page);
    await recordShifts(page);
    const release = await holdTheApp(page);
    await page.goto(appUrl("/pages/user/user"), { waitUntil: "commit" });
    const preview = page.locator("#root > .static-shell > .static-mine");
    await preview.getByTestId("masked-phone").waitFor();
    expect(await preview.getByTestId("masked-phone").textContent()).toBe(`${user.phone} · ${user.verified ? "Verified" : "Not verified"}`);
    expect(await preview.getByTestId("account-name").textContent()).toBe(
      `${user.account}${user.vipLevel > 0 ? `VIP ${user.vipLevel}` : "Member"}`,
    );
    expect(await preview.getByTestId("invite-code").textContent()).toBe(user.inviteCode);
    expect(await preview.locator(".avatar").textContent()).toBe(user.account.slice(0, 1).toUpperCase());
    // the preview instead of the skeleton, with the tab bar and no title bar (a tab page has none)
    expect(await page.locator("#root > .static-shell > .page[aria-busy]").isVisible()).toBe(false);
    expect(await page.locator(".tabbar").isVisible()).toBe(true);
    expect(await page.locator(".static-shell-bar").isVisible()).toBe(false);
    await expect.poll(() => largestPaints(page).then((paints) => paints.length)).toBeGreaterThan(0);
    const boxes = async () => Promise.all(["account-name", "masked-phone", "invite-code"].map((id) => page.getByTestId(id).boundingBox()));
    const before = { boxes: await boxes(), bar: await page.locator(".tabbar").boundingBox(), largest: await largestPaints(page) };
    // the shell's bar marks Mine's tab, as the app's does, not Home's (the shell is rendered with Home's current)
    const tabLooks = () =>
      Promise.all(
        // Home's and Mine's: the first and the last
        [0, 3].map((at) =>
          page
            .locator(".tabbar .tab")
            .nth(at)
            .evaluate((tab) => `${getComputedStyle(tab).color} ${getComputedStyle(tab).fontWeight}`),
        ),
      );
    const shellTabs = await tabLooks();
    expect(shellTabs[0]).not.toBe(shellTabs[1]);

    await release();
    await page.getByTestId("hide-balances").waitFor({ timeout: 30_000 });
    expect(await page.locator(".static-shell").count()).toBe(0);
    expect(await page.getByTestId("masked-phone").textContent()).toBe(`${user.phone} · ${user.verified ? "Verified" : "Not verified"}`);
    expect(await boxes()).toEqual(before.boxes);
    expect(await page.locator(".tabbar").boundingBox()).toEqual(before.bar);
    expect(await page.locator('.tabbar [aria-current="page"] .tab-label').textContent()).toBe("Mine");
    expect(await tabLooks()).toEqual(shellTabs);
    // the customer's head is the largest paint of the visit, and the app's chunk was asked for after it
    const largest = await largestPaints(page);
    expect(largest).toEqual(before.largest);
    const appAskedAt = await page.evaluate(
      () => performance.getEntriesByType("resource").find((entry) => /\/assets\/app-shell-[^/]+\.js$/.test(entry.name))?.startTime,
    );
    expect(appAskedAt).toBeGreaterThanOrEqual(largest.at(-1)!.time);
    expect(await shiftsSoFar(page)).toEqual([]);
  });

  it("Mine in a reader's own words from their second visit; on the first the document is English, so no preview and the app is not held", async ({
    openPhone,
    demo,
  }) => {
    // (no service worker: its copy of the document is the English one, and the next visit is to come from the server)
    const page = await openPhone({
      serviceWorkers: "block",
      storageState: {
        cookies: [],
        origins: [
          {
            origin: baseUrl(),
            localStorage: [
              { name: "token", value: demo.token },
              { name: "language", value: "de" },
            ],
          },
        ],
      },
    });
    await page.goto(appUrl("/pages/user/user"));
    await page.getByTestId("hide-balances").waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-shell-preview"))).toBe(false);
    const words = await page.getByTestId("masked-phone").textContent();

    const next = await page.context().newPage();
    const release = await holdTheApp(next);
    await next.goto(appUrl("/pages/user/user"), { waitUntil: "commit" });
    const preview = next.locator("#root > .static-shell > .static-mine");
    await preview.getByTestId("masked-phone").waitFor();
    expect(await preview.getByTestId("masked-phone").textContent()).toBe(words);
    expect(words).toMatch(/ · (Verifiziert|Nicht verifiziert)$/);
    await release();
    await next.getByTestId("hide-balances").waitFor({ timeout: 30_000 });
    expect(await next.getByTestId("masked-phone").textContent()).toBe(words);
  });

  it("signed-in trade screen: the early script draws the product's head (name, price) from the product read before the app, which takes the same boxes with no layout shift and no larger paint", async ({
    openPhone,
    demo,
  }) => {
    const products = (await (await fetch(`${baseUrl()}/api/index/ajaxdata`, { headers: { lang: "en" } })).json()).data as Array<{
      id: number;
      status: string;
      simulated: boolean;
    }>;
    // an open market (the preview says "Open"; a closed one names its next opening, which the app writes)
    const open = products.find((product) => product.status === "open" && product.simulated);
    expect(open).toBeDefined();
    const page = await openPhone(storedSession(demo));
    await recordLargestPaints(page);
    await recordShifts(page);
    const release = await holdTheApp(page);
    await page.goto(appUrl(`/pages/trade/trade?pid=${open!.id}`), { waitUntil: "commit" });
    const preview = page.locator("#root > .static-shell > .static-trade");
    await preview.getByTestId("trade-price").waitFor();
    const detail = (await (await fetch(`${baseUrl()}/api/index/getprodata?pid=${open!.id}`, { headers: { lang: "en" } })).json()).data as {
      name: string;
    };
    expect(await preview.getByTestId("asset-switch").textContent()).toContain(detail.name);
    expect(await preview.getByTestId("trade-price").textContent()).toMatch(/^\d[\d.]*$/);
    // the head instead of the skeleton and the shell's title bar (the head has its own way back)
    expect(await page.locator("#root > .static-shell > .page[aria-busy]").isVisible()).toBe(false);
    expect(await page.locator(".static-shell-bar").isVisible()).toBe(false);
    await expect.poll(() => largestPaints(page).then((paints) => paints.length)).toBeGreaterThan(0);
    // where the name's and the price's text is drawn (their boxes stretch with the balance beside them, which the
    // preview shows as a dash until the app has read it)
    const textBox = (testId: string) =>
      page.getByTestId(testId).evaluate((element) => {
        const range = document.createRange();
        range.selectNode(element.firstChild!);
        const { x, y, width, height } = range.getBoundingClientRect();
        return { x, y, width, height };
      });
    const boxes = () => Promise.all([textBox("asset-switch"), textBox("trade-price")]);
    const before = { boxes: await boxes(), largest: await largestPaints(page) };

    await release();
    await page.getByTestId("trade-up").waitFor({ timeout: 30_000 });
    expect(await page.locator(".static-shell").count()).toBe(0);
    expect(await boxes()).toEqual(before.boxes);
    // the head is the largest paint of the visit (the app's price is the same text, or a tick's of as many digits)
    expect(await largestPaints(page)).toEqual(before.largest);
    expect(await shiftsSoFar(page)).toEqual([]);
  });

  // build/paint-first.ts: the entry is preloaded with the HTML but started a frame after the first paint
  it("no script is asked for before the shell's first paint is on screen, and the early-start script first", async ({ openPhone }) => {
    const page = await openPhone();
    // a phone's CPU, as Lighthouse simulates it: the first frame then reaches the screen well after its callbacks ran
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(appUrl("/"));
    // the app's own Home, with the quotes from the server
    await page.locator(".quote-row").first().waitFor({ timeout: 30_000 });
    expect(await page.locator(".static-shell").count()).toBe(0);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    const timeline = await page.evaluate(() => ({
      firstPaint: Math.min(...performance.getEntriesByType("paint").map((entry) => entry.startTime)),
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => /\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => ({ url: new URL(entry.name).pathname, at: entry.startTime }))
        .sort((a, b) => a.at - b.at),
    }));
    expect(Number.isFinite(timeline.firstPaint)).toBe(true);
    expect(timeline.scripts.length).toBeGreaterThan(3);
    for (const script of timeline.scripts) expect(script.at, script.url).toBeGreaterThanOrEqual(timeline.firstPaint);
    expect(timeline.scripts[0]!.url).toMatch(/\/assets\/early-start-[^/]+\.js$/);
    expect(timeline.scripts.some((script) => /\/assets\/app-shell-[^/]+\.js$/.test(script.url))).toBe(true);
  });
});
