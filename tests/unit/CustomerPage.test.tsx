import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from "@tanstack/react-router";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { OpsRole } from "#contract/operators";
import type { CustomerDetail } from "#contract/ops-answers";

import { OperatorContext } from "../../console/operator-context";
import { CustomerPage } from "../../console/pages/CustomerPage";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const detail = (overrides: Partial<CustomerDetail["flags"]> = {}): CustomerDetail => ({
  flags: { account: "alice", locked: false, frozen: false, frozenAt: null, mustChangePassword: false, ...overrides },
  registration: { kind: "register", ip: "198.51.100.7", deviceId: "5f0c1e9a7d2b4c3e", time: 1_800_000_000 },
  signIns: [{ kind: "login", ip: "198.51.100.8", deviceId: null, time: 1_800_000_100 }],
  trading: { orders: 3, staked: "300.00", paidOut: "160.00", profit: "-143.00" },
  notes: [{ id: 1, operator: "sue", text: "Called about a late recharge", time: 1_800_000_200 }],
  labels: [{ label: "watch", addedBy: "fin", time: 1_800_000_300 }],
  signals: [
    { kind: "shared_device", deviceId: "5f0c1e9a7d2b4c3e", accounts: [{ id: 9, account: "bob" }], total: 1 },
    { kind: "withdraw_without_trading", rechargeId: 41, recharged: "2000.00", traded: "0.00" },
  ],
  user: {
    id: 7,
    account: "alice",
    phone: "13900000000",
    name: "Alice Liu",
    inviteCode: "AB12CD",
    inviterId: null,
    verified: true,
    locked: false,
    vipLevel: 0,
    language: "de",
    createdAt: 1_800_000_000,
  },
  balances: { cash: "1234.50", coin: "0.00", frozen: "100.00", yuebao: "0.00" },
  ledger: [],
  orders: [],
  cards: [],
  recharges: [{ id: 41, amount: "2000.00", status: "success", time: 1_800_000_050 }],
  withdrawals: [{ id: 12, amount: "1500.00", status: "review", time: 1_800_000_400 }],
  verifications: [{ id: 3, name: "Alice Liu", idNumber: "110***234", status: "pass" }],
});

/** The operator API as the page sees it: the customer's detail, and each write answered and remembered. */
let served: CustomerDetail;
let posts: Array<{ path: string; fields: Record<string, string> }>;
let host: HTMLElement;
let root: Root;

beforeEach(() => {
  served = detail();
  posts = [];
  vi.stubGlobal("fetch", async (request: Request) => {
    const url = new URL(request.url);
    const ok = (data: unknown) => new Response(JSON.stringify({ code: 1, msg: "Done", data }));
    if (request.method === "GET" && url.pathname === "/api/ops/user/detail") return ok(served);
    // the other panels' reads (the customer's own limits) are not what these tests are about: nothing to show
    if (request.method === "GET") return ok(null);
    const fields = Object.fromEntries(new URLSearchParams(await request.text()));
    posts.push({ path: url.pathname, fields });
    if (url.pathname === "/api/ops/customer/frozen") {
      served = detail({ frozen: fields.frozen === "1", frozenAt: fields.frozen === "1" ? 1_800_000_500 : null });
      return ok(served.flags);
    }
    if (url.pathname === "/api/ops/customer/password") return ok({ account: "alice", password: "Kp7rT2mWq9Xz" });
    return ok(null);
  });
  host = document.createElement("div");
  document.body.append(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

async function render(role: OpsRole) {
  const shell = createRootRoute({
    component: () => (
      <OperatorContext.Provider value={{ id: 1, username: `${role}-1`, role, pending: null }}>
        <Outlet />
      </OperatorContext.Provider>
    ),
  });
  const page = createRoute({ getParentRoute: () => shell, path: "/users/$id", component: () => <CustomerPage id={7} /> });
  const router = createRouter({ routeTree: shell.addChildren([page]), history: createMemoryHistory({ initialEntries: ["/users/7"] }) });
  root = createRoot(host);
  await act(async () =>
    root.render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    ),
  );
  await settle();
}

/** Lets the page's calls answer and React render what they brought. */
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const button = (name: string) => [...host.querySelectorAll("button")].find((candidate) => candidate.textContent === name);
const click = async (element: Element | undefined) => {
  expect(element, "the control is offered").toBeDefined();
  await act(async () => (element as HTMLElement).click());
  await settle();
};

describe("the customer page", () => {
  it("shows the account's state, history, notes and warnings, with links to the other customer and the queues", async () => {
    await render("finance");
    const page = host.querySelector("[data-testid=customer-page]")!;
    expect(page.querySelector("h1")?.textContent).toBe("alice (#7)");
    expect(host.querySelector("[data-testid=customer-flags]")?.textContent).toContain("Watch");
    expect(page.textContent).toContain("Alice Liu · 110***234 (pass)");
    expect(page.textContent).toContain("198.51.100.7");
    expect(host.querySelector("[data-testid=customer-trading]")?.textContent).toBe(
      "3 orders, 300.00 staked, 160.00 paid out, profit -143.00",
    );
    expect(page.textContent).toContain("Called about a late recharge");
    // requests' states in the operator's words, as the queues' filters name them
    expect(page.textContent).toContain("2,000.00Approved");
    expect(page.textContent).toContain("1,500.00Waiting for review");
    const warnings = [...host.querySelectorAll(".signal")].map((item) => item.textContent);
    expect(warnings).toEqual([
      "Device shared with 1 other account: bob",
      "Withdrawal without trading: 0.00 staked since recharge #41 of 2,000.00",
    ]);
    expect(host.querySelector(".signal a")?.getAttribute("href")).toBe("#/users/9");
    const links = [...host.querySelectorAll("a")].map((link) => link.getAttribute("href"));
    expect(links).toEqual(expect.arrayContaining(["#/recharges", "#/withdrawals", "#/users"]));
    // the queues' links are small links beside their headings, not part of them
    expect([...host.querySelectorAll(".section-link")].map((link) => link.textContent)).toEqual([
      "Open the recharge queue",
      "Open the withdrawal queue",
    ]);
    expect(host.querySelector("h2 a")).toBeNull();
    // an empty list says so in a sentence rather than showing a bare heading
    expect([...host.querySelectorAll(".empty")].map((item) => item.textContent)).toEqual([
      "No money has moved on this account.",
      "The customer has added no card or payout account.",
      "The customer has placed no order.",
    ]);
  });

  it("offers finance freeze and labels but not the password reset, and freezes through the server", async () => {
    await render("finance");
    expect(button("Reset password")).toBeUndefined();
    expect(button("Unlock login")).toBeUndefined();
    const labels = [...host.querySelectorAll<HTMLInputElement>(".labels input")];
    expect(labels.map((box) => box.checked)).toEqual([true, false, false, false]);
    await click(button("Freeze"));
    expect(posts).toEqual([{ path: "/api/ops/customer/frozen", fields: { account: "alice", frozen: "1" } }]);
    expect(host.querySelector("[data-testid=customer-flags]")?.textContent).toContain("Frozen since");
    expect(button("Unfreeze")).toBeDefined();
    await click(labels[3]);
    expect(posts.at(-1)).toEqual({ path: "/api/ops/customer/label", fields: { account: "alice", label: "vip", on: "1" } });
  });

  it("offers support the password reset and shows the temporary password once, but no freeze or labels", async () => {
    served = detail({ locked: true });
    await render("support");
    expect(button("Freeze")).toBeUndefined();
    expect(host.querySelector(".labels")).toBeNull();
    await click(button("Unlock login"));
    expect(posts.at(-1)).toEqual({ path: "/api/ops/unlock", fields: { account: "alice" } });
    await click(button("Reset password"));
    expect(host.querySelector("[data-testid=temporary-password] code")?.textContent).toBe("Kp7rT2mWq9Xz");
    await click(button("Done"));
    expect(host.querySelector("[data-testid=temporary-password]")).toBeNull();
  });

  it("groups the ledger's and orders' amounts in the operator's language, the unit in the heading, practice stakes marked", async () => {
    served = {
      ...detail(),
      ledger: [
        {
          id: 5,
          account: "cash",
          delta: "123456.78",
          balance: "-1234.50",
          reason: "recharge",
          reference: "recharge:41",
          time: 1_800_000_060,
        },
      ],
      orders: [
        {
          id: 9,
          account: "practice",
          productId: 1,
          direction: "down",
          amount: "500.00",
          seconds: 30,
          status: "holding",
          result: null,
          payout: null,
          openTime: 1_800_000_080,
        },
        {
          id: 8,
          account: "real",
          productId: 1,
          direction: "up",
          amount: "20000.00",
          seconds: 60,
          status: "closed",
          result: "win",
          payout: "38000.00",
          openTime: 1_800_000_070,
        },
      ],
    };
    await render("finance");
    const tables = [...host.querySelectorAll("table")];
    const cells = (table: Element) => [...table.querySelectorAll("td.amount")].map((cell) => cell.textContent);
    const heads = (table: Element) => [...table.querySelectorAll("th")].map((cell) => cell.textContent);
    const ledger = tables.find((table) => heads(table).includes("Change (U)"))!;
    expect(heads(ledger)).toContain("After (U)");
    expect(cells(ledger)).toEqual(["123,456.78", "-1,234.50"]);
    const orders = tables.find((table) => heads(table).includes("Opened"))!;
    // a practice stake is marked as play money, never read as the customer's real money
    expect(cells(orders)).toEqual(["Practice 500.00", "20,000.00"]);
    expect(cells(tables[0]!)).toEqual(["2,000.00"]);
  });

  it("lets any role add a note", async () => {
    await render("support");
    const text = host.querySelector<HTMLTextAreaElement>("textarea[name=text]")!;
    text.value = "Promised a call back";
    await act(async () => text.form!.requestSubmit());
    await settle();
    expect(posts).toEqual([{ path: "/api/ops/customer/note", fields: { account: "alice", text: "Promised a call back" } }]);
  });
});
