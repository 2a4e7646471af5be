/**
 * What a tap on a result notification does, apart from the worker's globals so a unit test can drive it with
 * stand-ins (tests/unit/open-notice.test.ts): headless Chromium shows no notifications, so nobody can tap one there.
 */

/** The worker's message to an open window of the app: show `url` (src/app/notice-taps.ts routes to it). */
export const OPEN_NOTICE_MESSAGE = "OPEN_NOTICE";

/** The parts of a WindowClient this needs. */
export interface AppWindow {
  readonly url: string;
  readonly focused: boolean;
  focus(): Promise<unknown>;
  postMessage(message: unknown): void;
}

/** The parts of the worker's `clients` this needs. */
export interface AppClients {
  matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<readonly AppWindow[]>;
  openWindow(url: string): Promise<unknown>;
}

/**
 * Opens the notice's order (`url`, a hash route relative to the app's scope). A window of the app already open (the
 * focused one first) is asked to route there itself and brought to the front: the app moves in place, keeping its
 * state, where `WindowClient.navigate()` would load it again and refuses a window this worker does not control.
 * With no window open, a new one opens on the order.
 */
export async function openNotice(clients: AppClients, scope: string, url: string): Promise<"routed" | "opened"> {
  const windows = (await clients.matchAll({ type: "window", includeUncontrolled: true })).filter((w) => w.url.startsWith(scope));
  const open = windows.find((w) => w.focused) ?? windows[0];
  if (!open) {
    await clients.openWindow(new URL(url, scope).href);
    return "opened";
  }
  open.postMessage({ type: OPEN_NOTICE_MESSAGE, url });
  // focusing needs the tap's activation: refused otherwise, the window still shows the order when looked at
  await open.focus().catch(() => null);
  return "routed";
}
