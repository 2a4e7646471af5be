import { describe, expect, it } from "vitest";

import { type AppClients, type AppWindow, OPEN_NOTICE_MESSAGE, openNotice } from "../../sw/open-notice";

const SCOPE = "https://app.example/h5/";
const ORDER = "#/pages/user/orderdetail?id=42";

interface FakeWindow extends AppWindow {
  posted: unknown[];
  focusCalls: number;
}

function windowAt(url: string, { focused = false, focusRefused = false } = {}): FakeWindow {
  const w: FakeWindow = {
    url,
    focused,
    posted: [],
    focusCalls: 0,
    focus: async () => {
      w.focusCalls++;
      if (focusRefused) throw new DOMException("Not allowed to focus a window.", "InvalidAccessError");
      return w;
    },
    postMessage: (message) => void w.posted.push(message),
  };
  return w;
}

function clientsWith(windows: FakeWindow[]): AppClients & { opened: string[] } {
  const opened: string[] = [];
  return { opened, matchAll: async () => windows, openWindow: async (url) => void opened.push(url) };
}

describe("a tap on a result notification", () => {
  it("asks the app's open window to route to the order and focuses it; opens no new window", async () => {
    const app = windowAt(`${SCOPE}#/pages/user/order`);
    const clients = clientsWith([windowAt("https://other.example/"), app]);
    expect(await openNotice(clients, SCOPE, ORDER)).toBe("routed");
    expect(app.posted).toEqual([{ type: OPEN_NOTICE_MESSAGE, url: ORDER }]);
    expect(app.focusCalls).toBe(1);
    expect(clients.opened).toEqual([]);
  });

  it("prefers the focused window of the app when several are open", async () => {
    const back = windowAt(`${SCOPE}#/`);
    const front = windowAt(`${SCOPE}#/pages/trade/trade?pid=1`, { focused: true });
    await openNotice(clientsWith([back, front]), SCOPE, ORDER);
    expect(front.posted).toHaveLength(1);
    expect(back.posted).toEqual([]);
  });

  it("still routes the window when the browser refuses to focus it", async () => {
    const app = windowAt(`${SCOPE}#/`, { focusRefused: true });
    expect(await openNotice(clientsWith([app]), SCOPE, ORDER)).toBe("routed");
    expect(app.posted).toHaveLength(1);
  });

  it("opens a new window on the order when no window of the app is open", async () => {
    const clients = clientsWith([windowAt("https://other.example/h5/")]);
    expect(await openNotice(clients, SCOPE, ORDER)).toBe("opened");
    expect(clients.opened).toEqual([`${SCOPE}#/pages/user/orderdetail?id=42`]);
  });
});
