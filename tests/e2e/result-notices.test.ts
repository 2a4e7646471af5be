import type { Page, Worker } from "playwright-core";
import { describe, expect } from "vitest";

import { apiCall } from "./customer";
import { it } from "./fixture";
import { appUrl } from "./helpers";

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

describe("order results as system notifications", () => {
  it("asks for permission on Mine, then shows one service-worker notification tagged by order when an order the Order tab shows settles while the app is in the background", async ({
    openPhone,
    demo,
  }) => {
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
    const products = (await apiCall("GET", "/api/index/ajaxdata", { market: "crypto" })).data as Array<{ id: number; code: string }>;
    const pid = String(products.find((p) => p.code === "BTCUSDT")!.id);
    const placed = await apiCall(
      "POST",
      "/api/user/addorder",
      { pid, direction: "up", seconds: "30", amount: "10", requestId: crypto.randomUUID() },
      demo.token,
    );
    expect(placed.code).toBe(1);
    const id = (placed.data as { id: number }).id;
    await page.goto(appUrl("/pages/user/order"));
    await page.locator(`[data-testid=holding-order][href$="id=${id}"]`).waitFor();
    await sendToBackground(page);

    // generous: the 30 s term, the server's settlement pass, and the page's check every second
    await expect
      .poll(async () => (await shownNotifications(worker)).map((n) => n.tag), { timeout: 60_000 })
      .toContain(`order-result-${id}`);
    const [notice, ...others] = (await shownNotifications(worker)).filter((n) => n.tag === `order-result-${id}`);
    expect(others).toEqual([]);
    expect(notice!.title).toMatch(/^(Won|Lost|Tie) [+−]?\d[\d,]*\.\d{2} U · BTC\/USDT$/);
    expect(notice!.body).toMatch(/^Open [\d.]+ → close [\d.]+$/);

    // coming back shows the page as it is: the order left the holding list, and no second notice followed
    await page.locator(`[data-testid=holding-order][href$="id=${id}"]`).waitFor({ state: "detached" });
    expect((await shownNotifications(worker)).filter((n) => n.tag === `order-result-${id}`)).toHaveLength(1);
  });
});
