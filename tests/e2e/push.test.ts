import type { CDPSession, Page, Worker } from "playwright-core";
import { describe, expect } from "vitest";

import type { PushNotice } from "#contract/push";

import { placeBtcOrder } from "./customer";
import { it } from "./fixture";

interface Shown {
  title: string;
  body: string;
  tag: string;
  icon: string;
  url: string | undefined;
}

/**
 * Headless Chromium reaches no push service, so the push message is handed to the app's service worker by the
 * DevTools protocol (what DevTools' "Push" button does): the worker's own `push` listener runs on it. Where that
 * Chromium has no notification platform either, the worker's registration keeps what it is asked to show in
 * memory (its showNotification would throw); the listener itself runs unchanged.
 */
async function keepShownInMemory(worker: Worker): Promise<void> {
  await worker.evaluate(async () => {
    const registration = (self as unknown as { registration: ServiceWorkerRegistration }).registration;
    try {
      await registration.showNotification("probe", { tag: "probe" });
      for (const probe of await registration.getNotifications({ tag: "probe" })) probe.close();
      return;
    } catch {
      // no platform: keep them here
    }
    const shown: Array<{ title: string; body: string; tag: string; icon: string; data: unknown; close: () => void }> = [];
    registration.showNotification = async (title: string, options: NotificationOptions = {}) => {
      const notice = {
        title,
        body: options.body ?? "",
        tag: options.tag ?? "",
        icon: options.icon ?? "",
        data: options.data,
        close: () => {},
      };
      notice.close = () => void shown.splice(shown.indexOf(notice), 1);
      const same = shown.findIndex((n) => n.tag && n.tag === notice.tag);
      if (same >= 0) shown.splice(same, 1);
      shown.push(notice);
    };
    registration.getNotifications = async (filter?: GetNotificationOptions) =>
      shown.filter((n) => !filter?.tag || n.tag === filter.tag) as unknown as Notification[];
  });
}

const shownNotifications = (worker: Worker): Promise<Shown[]> =>
  worker.evaluate(async () => {
    const registration = (self as unknown as { registration: ServiceWorkerRegistration }).registration;
    return (await registration.getNotifications()).map(({ title, body, tag, icon, data }) => ({
      title,
      body,
      tag,
      icon,
      url: (data as { url?: string } | null)?.url,
    }));
  });

/** The app's service-worker registration id, as the DevTools protocol names it. */
async function registrationId(cdp: CDPSession, scope: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === scope && !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  return found;
}

async function appWorker(page: Page): Promise<{ worker: Worker; scope: string }> {
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  const worker = page.context().serviceWorkers()[0] ?? (await page.context().waitForEvent("serviceworker"));
  return { worker, scope };
}

describe("a push message from the server", () => {
  it("is shown by the service worker with its title, body, icon and tag, and a tap on it opens the order in the open window", async ({
    openPhone,
    demo,
  }) => {
    const page = await openPhone({ signedIn: demo, permissions: ["notifications"] });
    const { worker, scope } = await appWorker(page);
    await keepShownInMemory(worker);
    const cdp = await page.context().newCDPSession(page);
    const id = await registrationId(cdp, scope);
    const orderId = await placeBtcOrder(demo);
    // marks this document: a tap that reloaded the app would lose it
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    // what server/jobs/push.ts encrypts for the device, in the customer's language
    const notice: PushNotice = {
      title: "Auftrag gewonnen · BTC/USDT",
      body: `Auftrag ${orderId} ist abgerechnet. Tippen Sie, um das Ergebnis zu sehen.`,
      tag: `order-result-${orderId}`,
      url: `#/pages/user/orderdetail?id=${orderId}`,
    };
    await cdp.send("ServiceWorker.deliverPushMessage", { origin: new URL(scope).origin, registrationId: id, data: JSON.stringify(notice) });

    await expect.poll(async () => (await shownNotifications(worker)).map((n) => n.tag), { timeout: 10_000 }).toContain(notice.tag);
    const [shown, ...others] = (await shownNotifications(worker)).filter((n) => n.tag === notice.tag);
    expect(others).toEqual([]);
    expect(shown).toMatchObject({ title: notice.title, body: notice.body, url: notice.url });
    expect(shown!.icon).toMatch(/icons\/icon-192\.png$/);

    // a tap: the worker's notificationclick listener gets the notification the push showed
    await worker.evaluate(async (tag) => {
      const registration = (self as unknown as { registration: ServiceWorkerRegistration }).registration;
      const [notification] = await registration.getNotifications({ tag });
      const tap = Object.assign(new Event("notificationclick"), { notification, waitUntil: (work: Promise<unknown>) => void work });
      self.dispatchEvent(tap);
    }, notice.tag);

    await page.waitForURL((url) => url.hash === notice.url);
    await page.getByTestId("order-detail").waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // the tapped notice is closed
    expect((await shownNotifications(worker)).filter((n) => n.tag === notice.tag)).toEqual([]);
  });

  it("leads a recharge, withdrawal or real-name decision and a support reply to their own pages", async ({ openPhone, demo }) => {
    const page = await openPhone({ signedIn: demo, permissions: ["notifications"] });
    const { worker, scope } = await appWorker(page);
    await keepShownInMemory(worker);
    const cdp = await page.context().newCDPSession(page);
    const id = await registrationId(cdp, scope);
    for (const [url, visible] of [
      ["#/pages/user/rechargerecord", "recharge-record"],
      ["#/pages/user/cashrecord", "withdrawal-record"],
      ["#/pages/user/auth", "real-name"],
      ["#/pages/customer/customer", "customer-service"],
    ] as const) {
      const notice: PushNotice = { title: "Notice", body: url, tag: `t-${visible}`, url };
      await cdp.send("ServiceWorker.deliverPushMessage", {
        origin: new URL(scope).origin,
        registrationId: id,
        data: JSON.stringify(notice),
      });
      await expect.poll(async () => (await shownNotifications(worker)).map((n) => n.tag), { timeout: 10_000 }).toContain(notice.tag);
      await worker.evaluate(async (tag) => {
        const registration = (self as unknown as { registration: ServiceWorkerRegistration }).registration;
        const [notification] = await registration.getNotifications({ tag });
        self.dispatchEvent(
          Object.assign(new Event("notificationclick"), { notification, waitUntil: (work: Promise<unknown>) => void work }),
        );
      }, notice.tag);
      await page.waitForURL((current) => current.hash === url);
    }
  });
});
