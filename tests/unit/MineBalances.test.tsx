import { act, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { MinePage } from "@/features/mine/MinePage";
import type { UserInfo } from "#contract/accounts";

import { renderedRoot, showText } from "./rendered-root";

vi.mock("@/ui/version", () => ({ APP_VERSION: "test" }));
vi.mock("@tanstack/react-router", () => ({
  Link: ({ children, to, className }: { children: ReactNode; to: string; className?: string }) => (
    <a href={to} className={className}>
      {children}
    </a>
  ),
  // the practice balance's reset (a form) reloads the route's data through the router
  useRouter: () => ({ history: { back() {} }, navigate: async () => {}, invalidate: async () => {} }),
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const user: UserInfo = {
  id: 7,
  account: "mina",
  name: null,
  phone: "139****000",
  inviteCode: "MINA77",
  language: "en",
  vipLevel: 0,
  verified: false,
  hasPayPassword: true,
  mustChangePassword: false,
  accountFrozen: false,
  cash: "1234.50",
  coin: "10.00",
  frozen: "0.00",
  yuebao: "500.00",
  createdAt: 0,
  coinRate: "0.5",
};

const dom = renderedRoot();
beforeEach(() => localStorage.clear());

const show = () => showText(dom, <MinePage user={user} onLogout={() => {}} />);
const cash = () => dom.host.querySelector("[data-label=Cash]")!.textContent;
const toggle = () => dom.host.querySelector<HTMLButtonElement>("[data-testid=hide-balances]")!;

describe("Mine", () => {
  it("hides and shows the balances, and remembers the choice on this device", () => {
    show();
    expect(cash()).toBe("1,234.50 U");
    expect(toggle().getAttribute("aria-pressed")).toBe("false");
    act(() => toggle().click());
    expect(cash()).toBe("****Hidden");
    expect(dom.host.querySelector(".balances")!.textContent).not.toMatch(/\d/);
    expect(toggle().getAttribute("aria-pressed")).toBe("true");
    // a new visit: still hidden
    act(() => dom.root.unmount());
    dom.root = createRoot(dom.host);
    show();
    expect(cash()).toBe("****Hidden");
    act(() => toggle().click());
    expect(cash()).toBe("1,234.50 U");
    act(() => dom.root.unmount());
    dom.root = createRoot(dom.host);
    show();
    expect(cash()).toBe("1,234.50 U");
  });

  it("gives every menu row an icon of its own", () => {
    show();
    const icons = [...dom.host.querySelectorAll(".menu .menu-item > svg:first-child")].map((svg) => svg.innerHTML);
    expect(icons.length).toBeGreaterThan(12);
    expect(new Set(icons).size).toBe(icons.length);
  });
});
