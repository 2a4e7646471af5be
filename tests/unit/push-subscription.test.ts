import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { pushPaths } from "#contract/paths";

import { syncPushSubscription } from "../../src/ui/push-subscription";

/**
 * The opt-in's side of Web Push, with stand-ins for the browser's service worker and push manager and for the
 * server: on subscribes with the server's key and stores the subscription; off removes it from both.
 */
const SERVER_KEY = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
const toBase64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null };
  toJSON(): unknown;
  unsubscribe: ReturnType<typeof vi.fn>;
}

let current: FakeSubscription | null;
let subscribeCalls: Array<{ userVisibleOnly: boolean; applicationServerKey: Uint8Array }>;
const sent: Array<{ path: string; form: URLSearchParams }> = [];

function fakeSubscription(key: Uint8Array, endpoint = "https://fcm.googleapis.com/fcm/send/device-1"): FakeSubscription {
  const subscription: FakeSubscription = {
    endpoint,
    options: { applicationServerKey: key.slice().buffer },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: "p", auth: "a" } }),
    unsubscribe: vi.fn(async () => {
      if (current === subscription) current = null;
      return true;
    }),
  };
  return subscription;
}

beforeEach(() => {
  current = null;
  subscribeCalls = [];
  sent.length = 0;
  localStorage.setItem("token", "tok-push");
  const pushManager = {
    getSubscription: async () => current,
    subscribe: async (options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
      subscribeCalls.push(options);
      current = fakeSubscription(options.applicationServerKey);
      return current;
    },
  };
  vi.stubGlobal("PushManager", function PushManager() {});
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { getRegistration: async () => ({ pushManager }) },
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      sent.push({ path: url.pathname, form: new URLSearchParams(request.method === "POST" ? await request.text() : url.search) });
      const data = url.pathname === pushPaths.pushKey.path ? { publicKey: toBase64url(SERVER_KEY) } : { subscribed: true, removed: true };
      return new Response(JSON.stringify({ code: 1, msg: "ok", data }), { headers: { "content-type": "application/json" } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "serviceWorker");
  localStorage.clear();
});

describe("this device's push subscription", () => {
  it("turned on, subscribes through the service worker with the server's key and stores it on the server", async () => {
    expect(await syncPushSubscription(true)).toBe("on");
    expect(subscribeCalls).toHaveLength(1);
    expect(subscribeCalls[0]!.userVisibleOnly).toBe(true);
    expect([...subscribeCalls[0]!.applicationServerKey]).toEqual([...SERVER_KEY]);
    const stored = sent.find((request) => request.path === pushPaths.pushSubscribe.path);
    expect(JSON.parse(stored!.form.get("subscription")!)).toMatchObject({ endpoint: "https://fcm.googleapis.com/fcm/send/device-1" });
  });

  it("made under another key, is made again with the server's", async () => {
    const old = fakeSubscription(Uint8Array.from({ length: 65 }, () => 9));
    current = old;
    expect(await syncPushSubscription(true)).toBe("on");
    expect(old.unsubscribe).toHaveBeenCalledTimes(1);
    expect(subscribeCalls).toHaveLength(1);
  });

  it("turned off, is removed from the server and from the browser", async () => {
    const subscription = fakeSubscription(SERVER_KEY);
    current = subscription;
    expect(await syncPushSubscription(false)).toBe("off");
    const removed = sent.find((request) => request.path === pushPaths.pushUnsubscribe.path);
    expect(removed!.form.get("endpoint")).toBe(subscription.endpoint);
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(current).toBeNull();
  });

  it("is unsupported without a push manager, and asks nothing of the server", async () => {
    vi.stubGlobal("PushManager", undefined);
    expect(await syncPushSubscription(true)).toBe("unsupported");
    expect(sent).toEqual([]);
  });
});
