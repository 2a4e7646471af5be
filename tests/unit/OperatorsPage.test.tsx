import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { OperatorAccount } from "#contract/ops-answers";

import { OperatorsPage } from "../../console/pages/OperatorsPage";
import { renderInConsole } from "./console-root";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const account = (id: number, username: string, role: string): OperatorAccount => ({
  id,
  username,
  role,
  locked: false,
  createdAt: 1_790_000_000,
  disabled: false,
  mustChangePassword: false,
  mustEnrolTotp: false,
  sessions: 1,
  customers: [],
});

const listed = [
  { ...account(1, "chief", "admin"), customers: ["kin01"] },
  { ...account(2, "second", "admin"), customers: ["kin02"] },
  account(3, "clerk", "finance"),
];

async function renderAs(selfId: number) {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () => new Response(JSON.stringify({ code: 1, msg: "", data: listed }), { headers: { "content-type": "application/json" } }),
    ),
  );
  const { host, root } = await renderInConsole(<OperatorsPage />, { id: selfId, username: "chief", role: "admin", pending: null });
  await act(async () => {});
  const row = (username: string) => host.querySelector<HTMLTableRowElement>(`[data-testid="operator-${username}"]`)!;
  const buttons = (username: string) => [...row(username).querySelectorAll("button")].map((button) => button.textContent);
  return { host, root, row, buttons };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

// The server refuses an admin's changes to their own account: the page offers none of them on that row.
describe("the Operators page", () => {
  it("offers no role, disable or reset on the admin's own row, and all of them on another admin's", async () => {
    const { row, buttons, root } = await renderAs(1);
    expect(row("chief").textContent).toContain("(you)");
    expect(row("chief").querySelector("select")).toBeNull();
    expect(buttons("chief").some((text) => /Disable|Enable|Reset|Unlink/.test(text ?? ""))).toBe(false);
    expect(row("second").querySelector("select")).not.toBeNull();
    expect(buttons("second")).toEqual(
      expect.arrayContaining(["Disable second", "Reset password of second", "Reset authenticator of second", "Unlink kin02"]),
    );
    act(() => root.unmount());
  });

  it("labels the customer-account field with visible text on every row", async () => {
    const { row, root } = await renderAs(1);
    for (const username of ["chief", "second", "clerk"]) {
      const input = row(username).querySelector("form input")!;
      const label = input.closest("label");
      expect(label, username).not.toBeNull();
      expect(label!.textContent).toContain("Customer account to link");
    }
    act(() => root.unmount());
  });
});
