import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { OpsRole } from "#contract/operators";
import type { CustomerTwoStep as TwoStepState } from "#contract/two-step-resets";

import type { CustomerAction } from "../../console/customer/customer-action";
import { CustomerTwoStep } from "../../console/customer/CustomerTwoStep";
import { OperatorContext } from "../../console/operator-context";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const PENDING = {
  id: 5,
  account: "alice",
  reason: "Lost phone; identity checked by video call",
  status: "pending" as const,
  proposedBy: 1,
  proposedByName: "sue",
  proposedAt: 1_800_000_000,
  decidedByName: null,
  decidedAt: null,
};

let served: TwoStepState;
let reads: string[];
let posts: Array<{ path: string; fields: Record<string, string> }>;
let host: HTMLElement;
let root: Root;

beforeEach(() => {
  reads = [];
  posts = [];
  vi.stubGlobal("fetch", async (request: Request) => {
    const url = new URL(request.url);
    const ok = (data: unknown) => new Response(JSON.stringify({ code: 1, msg: "Done", data }));
    if (request.method === "GET") {
      reads.push(url.pathname);
      return ok(served);
    }
    posts.push({ path: url.pathname, fields: Object.fromEntries(new URLSearchParams(await request.text())) });
    return ok(PENDING);
  });
  host = document.createElement("div");
  document.body.append(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

/** The page's one submission, reduced to running the work. */
const action: CustomerAction = { busy: false, run: (work) => void work() };

async function render(role: OpsRole, operatorId: number) {
  root = createRoot(host);
  await act(async () =>
    root.render(
      <I18nProvider i18n={i18n}>
        <OperatorContext.Provider value={{ id: operatorId, username: `${role}-${operatorId}`, role, pending: null }}>
          <CustomerTwoStep account="alice" action={action} />
        </OperatorContext.Provider>
      </I18nProvider>,
    ),
  );
  await settle();
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const button = (name: string) => [...host.querySelectorAll("button")].find((candidate) => candidate.textContent === name);

describe("switching off a customer's two-step sign-in on the customer page", () => {
  it("offers support a reasoned proposal when it is on, and posts it", async () => {
    served = { account: "alice", on: true, pending: null };
    await render("support", 1);
    const form = host.querySelector("form")!;
    form.querySelector("textarea")!.value = "Lost phone";
    await act(async () => form.requestSubmit());
    await settle();
    expect(posts).toEqual([{ path: "/api/ops/customers/two_step_reset_propose", fields: { account: "alice", reason: "Lost phone" } }]);
  });

  it("does not let the proposer apply their own proposal: another person's page offers it", async () => {
    served = { account: "alice", on: true, pending: PENDING };
    await render("support", 1);
    expect(host.textContent).toContain("Lost phone; identity checked by video call");
    expect(host.textContent).toContain("Your proposal: another person applies it");
    expect(button("Apply: turn it off")).toBeUndefined();
    await act(async () => root.unmount());

    await render("support", 2);
    await act(async () => button("Apply: turn it off")!.click());
    await settle();
    expect(posts).toEqual([{ path: "/api/ops/customers/two_step_reset_apply", fields: { id: "5" } }]);
  });

  it("is not shown, nor read, for a role the server refuses", async () => {
    served = { account: "alice", on: true, pending: PENDING };
    await render("finance", 3);
    expect(host.querySelector("[data-testid=customer-two-step]")).toBeNull();
    expect(reads).toEqual([]);
  });
});
