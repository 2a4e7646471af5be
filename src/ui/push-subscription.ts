import { call } from "@/api/client";
import { pushPaths } from "#contract/paths";

/**
 * This device's Web Push subscription, kept on the server: the job leader sends an order's result, a review's
 * decision and a support reply to it even when no page of the app is open. The customer's opt-in (Mine's switch,
 * the trade screen's offer) turns it on or off here; the page's own notices (result-notices.ts) stay as they were
 * for browsers without a push service, and share the notification's tag, so one result never shows twice.
 */

export type PushOutcome = "on" | "off" | "unsupported" | "failed";

/** The worker's registration, if the app has one (none in development or before the first install). */
async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!("serviceWorker" in navigator) || typeof PushManager === "undefined") return null;
  return (await navigator.serviceWorker.getRegistration(import.meta.env.BASE_URL)) ?? null;
}

const sameKey = (current: ArrayBuffer | null, wanted: Uint8Array) =>
  current !== null && current.byteLength === wanted.byteLength && new Uint8Array(current).every((byte, i) => byte === wanted[i]);

const fromBase64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

/**
 * Makes the device's subscription match the customer's choice. On: subscribes with the server's key (again when
 * the key was rotated) and stores the subscription on the server. Off: removes it from the server and the
 * browser. Called after the browser's permission was granted; never asks for it.
 */
export async function syncPushSubscription(wanted: boolean): Promise<PushOutcome> {
  try {
    const registration = await workerRegistration();
    if (!registration) return "unsupported";
    let subscription = await registration.pushManager.getSubscription();
    if (!wanted) {
      if (subscription) {
        await call(pushPaths.pushUnsubscribe, { endpoint: subscription.endpoint }, { quiet: true });
        await subscription.unsubscribe();
      }
      return "off";
    }
    const key = await call(pushPaths.pushKey, {}, { quiet: true });
    if (key.code !== 1) return "failed";
    const serverKey = fromBase64url(key.data.publicKey);
    if (subscription && !sameKey(subscription.options.applicationServerKey, serverKey)) {
      // made with a key the server no longer signs with: no push service would deliver to it
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey });
    const stored = await call(pushPaths.pushSubscribe, { subscription: JSON.stringify(subscription.toJSON()) }, { quiet: true });
    return stored.code === 1 ? "on" : "failed";
  } catch {
    // no push service here (some browsers, headless ones), or the network: the page's own notices still work
    return "failed";
  }
}
