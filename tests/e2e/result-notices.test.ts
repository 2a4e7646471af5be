import type { Page, Worker } from "playwright-core";
import { describe, expect } from "vitest";

import { apiPaths } from "#contract/paths";

import { btcProductId, placeBtcOrder } from "./customer";
import { it } from "./fixture";
import { appUrl, THIRTY_SECOND_RESULT_MS } from "./helpers";

interface Shown {
  tag: string;
  title: string;
  body: string;
}

/** The notifications the app's service worker is showing, asked inside the worker. */
const shownNotifications = (worker: Worker): Promise<Shown[]> =>
  worker.evaluate(async () => {
    const registration = (self as unknown as { registration: ServiceWorkerRegistration }).registration;
    return (await registration.getNotifications()).map(({ tag, title, body }) => ({ tag, title, body }));
  });

/**
 * The headless Chromium the tests may run on has no notification platform: whatever was granted, the page reads
 * `Notification.permission` as "denied" and the worker's showNotification throws. There (and only there) the page is
 * told the permission it was given, and the worker's registration keeps what it is asked to show in memory; the
 * app's own path (the page's message, the worker's tag check and showNotification) runs unchanged.
 */
async function withoutNotificationPlatform(page: Page, worker: Worker): Promise<void> {
  if (await page.evaluate(() => Notification.permission === "granted")) return;
  await page.context().addInitScript(() => {
    Object.defineProperty(Notification, "permission", { configurable: true, get: () => "granted" });
  });
  await worker.evaluate(() => {
    const registration = (self as unknown as { registration: ServiceWorkerRegistration }).registration;
    const shown: Array<{ tag: string; title: string; body: string }> = [];
    registration.showNotification = async (title: string, options: NotificationOptions = {}) => {
      shown.push({ tag: options.tag ?? "", title, body: options.body ?? "" });
    };
    registration.getNotifications = async (filter?: GetNotificationOptions) =>
      shown.filter((n) => !filter?.tag || n.tag === filter.tag) as unknown as Notification[];
  });
  await page.reload();
}

/** What a phone does when the app goes to the background: the document says hidden, and says so by an event. */
const sendToBackground = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
    document.dispatchEvent(new Event("visibilitychange"));
  });

/**
 * A browser that has not asked yet: the page reads "default" until it asks, then the customer's `answer` (kept across
 * reloads). Headless Chromium reads every permission as denied and shows no prompt, so the prompt's answer is given.
 */
async function browserThatAsks(page: Page, answer: NotificationPermission): Promise<void> {
  await page.context().addInitScript((answer: NotificationPermission) => {
    const key = "test-notification-permission";
    Object.defineProperty(Notification, "permission", { configurable: true, get: () => localStorage.getItem(key) ?? "default" });
    Notification.requestPermission = async () => {
      localStorage.setItem(key, answer);
      return answer;
    };
  }, answer);
}

/** BTC/USDT, which trades around the clock. */
async function openTrade(page: Page): Promise<void> {
  await page.goto(appUrl(`/pages/trade/trade?pid=${await btcProductId()}`));
  // a full load, so the init scripts given since run on this document too
  await page.reload();
  await page.locator("[data-testid=kline] canvas").first().waitFor({ timeout: 20_000 });
}

/** Places an up order through the ticket and its confirm sheet; resolves once the page has the answer. */
async function placeOrder(page: Page): Promise<void> {
  const placed = page.waitForResponse((r) => r.url().includes(apiPaths.placeOrder.path) && r.request().method() === "POST");
  await page.getByTestId("trade-up").click();
  await page.getByRole("button", { name: "Confirm buy up" }).click();
  expect((await (await placed).json()).code).toBe(1);
  await page.getByTestId("order-confirm").waitFor({ state: "detached" });
}

const resultSwitchOnMine = async (page: Page) => {
  await page.evaluate(() => (location.hash = "#/pages/user/user"));
  const toggle = page.getByTestId("result-notices").locator("input");
  await toggle.waitFor();
  return toggle.isChecked();
};

describe("the trade screen's offer of result notifications", () => {
  it("comes after the first order, asks the browser on Turn on and sets Mine's switch, and is not offered again", async ({
    openPhone,
    demo,
  }) => {
    const page = await openPhone({ signedIn: demo });
    await browserThatAsks(page, "granted");
    await openTrade(page);
    expect(await page.getByTestId("notice-offer").count()).toBe(0);

    await placeOrder(page);
    // a region named by its question, over the chart
    const offer = page.getByRole("region", { name: "Get a notification when an order settles?" });
    await offer.waitFor();
    await offer.getByRole("button", { name: "Turn on" }).click();
    await page.locator(".toast", { hasText: "You will be notified when an order settles." }).waitFor();
    await offer.waitFor({ state: "detached" });
    expect(await page.evaluate(() => localStorage.getItem("test-notification-permission"))).toBe("granted");

    await placeOrder(page);
    expect(await offer.count()).toBe(0);
    expect(await resultSwitchOnMine(page)).toBe(true);
  });

  it("goes away on Not now without asking the browser, and stays away after a reload and more orders", async ({ openPhone, demo }) => {
    const page = await openPhone({ signedIn: demo });
    await browserThatAsks(page, "granted");
    await openTrade(page);
    await placeOrder(page);
    const offer = page.getByTestId("notice-offer");
    await offer.getByRole("button", { name: "Not now" }).click();
    await offer.waitFor({ state: "detached" });
    expect(await page.evaluate(() => localStorage.getItem("test-notification-permission"))).toBeNull();

    await openTrade(page);
    await placeOrder(page);
    expect(await offer.count()).toBe(0);
    expect(await resultSwitchOnMine(page)).toBe(false);
  });
});

describe("a tap on a result notification", () => {
  it("routes the open app to the order in place when the worker's notificationclick handler runs", async ({ openPhone, demo }) => {
    const page = await openPhone({ signedIn: demo });
    await page.evaluate(() => navigator.serviceWorker.ready);
    const worker = page.context().serviceWorkers()[0] ?? (await page.context().waitForEvent("serviceworker"));
    const id = await placeBtcOrder(demo);
    // marks this document: a reload would lose it
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    // no notification platform to tap on: the worker's own listener gets the event a tap dispatches, with the
    // notification's data as the page posted it (use-result-notices.ts)
    await worker.evaluate((url) => {
      const tap = Object.assign(new Event("notificationclick"), {
        notification: { data: { url }, close: () => undefined },
        waitUntil: (work: Promise<unknown>) => void work,
      });
      self.dispatchEvent(tap);
    }, `#/pages/user/orderdetail?id=${id}`);

    await page.waitForURL((url) => url.hash === `#/pages/user/orderdetail?id=${id}`);
    await page.getByTestId("order-detail").waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
});

describe("order results as system notifications", () => {
  it(
    "asks for permission on Mine, then shows one service-worker notification tagged by order when an order the Order tab shows settles while the app is in the background",
    async ({ openPhone, demo }) => {
      const page = await openPhone({ signedIn: demo, permissions: ["notifications"] });
      await page.evaluate(() => navigator.serviceWorker.ready);
      const worker = page.context().serviceWorkers()[0] ?? (await page.context().waitForEvent("serviceworker"));
      await withoutNotificationPlatform(page, worker);
      const toggle = page.getByTestId("result-notices").locator("input");
      expect(await toggle.isChecked()).toBe(false);
      await toggle.click();
      await expect.poll(() => toggle.isChecked()).toBe(true);
      expect(await page.getByTestId("result-notices-hint").textContent()).toContain("while the app is in the background");

      // crypto trades around the clock; the order is placed elsewhere (another device), the Order tab sees it holding
      const id = await placeBtcOrder(demo);
      await page.goto(appUrl("/pages/user/order"));
      await page.locator(`[data-testid=holding-order][href$="id=${id}"]`).waitFor();
      await sendToBackground(page);

      // generous: the 30 s term, the reveal of its price minute (up to a minute and the grace), the settlement pass
      await expect
        .poll(async () => (await shownNotifications(worker)).map((n) => n.tag), { timeout: THIRTY_SECOND_RESULT_MS })
        .toContain(`order-result-${id}`);
      const [notice, ...others] = (await shownNotifications(worker)).filter((n) => n.tag === `order-result-${id}`);
      expect(others).toEqual([]);
      expect(notice!.title).toMatch(/^(Won|Lost|Tie) [+−]?\d[\d,]*\.\d{2} U · BTC\/USDT$/);
      expect(notice!.body).toMatch(/^Open [\d.]+ → close [\d.]+$/);

      // coming back shows the page as it is: the order left the holding list, and no second notice followed
      await page.locator(`[data-testid=holding-order][href$="id=${id}"]`).waitFor({ state: "detached" });
      expect((await shownNotifications(worker)).filter((n) => n.tag === `order-result-${id}`)).toHaveLength(1);
    },
    60_000 + THIRTY_SECOND_RESULT_MS,
  );
});
