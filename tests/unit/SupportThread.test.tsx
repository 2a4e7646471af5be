import { act } from "react";
import type { Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { SupportThreadForOps } from "#contract/support-chat";

import { SupportThreadPage } from "../../console/pages/SupportThreadPage";
import { renderInConsole } from "./console-root";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * The console's thread view: notes set apart from what the customer reads, a linked record opened where the desk
 * handles it, a canned reply filling the reply to edit, and a recharge attached as the reply's record link.
 */
const served: SupportThreadForOps = {
  thread: {
    id: 7,
    userId: 7,
    account: "alice",
    language: "de",
    status: "waiting",
    assigneeId: null,
    assigneeName: null,
    lastText: "Wo ist meine Einzahlung?",
    lastAuthor: "customer",
    lastAt: 1_800_000_100,
    unread: 1,
  },
  lines: [
    {
      id: 1,
      author: "customer",
      operatorName: null,
      text: "Wo ist meine Einzahlung?",
      image: null,
      record: null,
      time: 1_800_000_000,
      internal: false,
    },
    {
      id: 2,
      author: "operator",
      operatorName: "sue",
      text: "checked the bank",
      image: null,
      record: { kind: "recharge", id: 41 },
      time: 1_800_000_050,
      internal: true,
    },
  ],
  canned: [{ id: 4, language: "de", title: "Begrüßung", text: "Hallo, hier ist der Kundenservice." }],
};
let posts: Array<{ path: string; fields: Record<string, string> }>;
let host: HTMLElement;
let root: Root;

beforeEach(() => {
  posts = [];
  vi.stubGlobal("EventSource", undefined);
  vi.stubGlobal("fetch", async (request: Request) => {
    const url = new URL(request.url);
    const ok = (data: unknown) => new Response(JSON.stringify({ code: 1, msg: "Done", data }));
    if (url.pathname === "/api/ops/support/thread") return ok(served);
    if (url.pathname === "/api/ops/support/colleagues")
      return ok([
        { id: 3, username: "sue", role: "support" },
        { id: 5, username: "tom", role: "support" },
        { id: 9, username: "ann", role: "admin" },
      ]);
    if (request.method === "GET") return ok(null);
    posts.push({ path: url.pathname, fields: Object.fromEntries(new URLSearchParams(await request.text())) });
    return ok(null);
  });
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe("a support thread on the console", () => {
  it("sets notes apart, links records, fills a canned reply and attaches nothing unasked", async () => {
    ({ host, root } = await renderInConsole(<SupportThreadPage userId={7} />, { id: 3, username: "sue", role: "support", pending: null }));
    await settle();
    expect(host.querySelector("[data-testid=support-line-customer]")?.textContent).toContain("Wo ist meine Einzahlung?");
    const note = host.querySelector("[data-testid=support-note]")!;
    expect(note.textContent).toContain("Internal note by sue");
    expect(note.querySelector("a")?.getAttribute("href")).toBe("#/recharges?status=all&q=recharge:41");

    const canned = host.querySelector<HTMLSelectElement>("[data-testid=support-canned]")!;
    await act(async () => {
      canned.value = "4";
      canned.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(host.querySelector<HTMLTextAreaElement>("[data-testid=support-text]")!.value).toBe("Hallo, hier ist der Kundenservice.");
    await act(async () => host.querySelector<HTMLButtonElement>("[data-testid=support-reply]")!.click());
    await settle();
    expect(posts).toEqual([{ path: "/api/ops/support/reply", fields: { userId: "7", text: "Hallo, hier ist der Kundenservice." } }]);
  });

  it("gives the thread to a named colleague: not to whoever gives it, an admin marked as such", async () => {
    ({ host, root } = await renderInConsole(<SupportThreadPage userId={7} />, { id: 3, username: "sue", role: "support", pending: null }));
    await settle();
    const giveTo = host.querySelector<HTMLSelectElement>("[data-testid=support-give-to]")!;
    const choices = [...giveTo.options].map((option) => [option.value, option.textContent]);
    expect(choices).toEqual([
      ["", "Choose a colleague"],
      ["5", "tom"],
      ["9", "ann (admin)"],
    ]);
    const give = giveTo.form!.querySelector<HTMLButtonElement>("button[type=submit]")!;
    expect(give.disabled).toBe(true);
    await act(async () => {
      giveTo.value = "5";
      giveTo.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await act(async () => give.click());
    await settle();
    expect(posts).toEqual([{ path: "/api/ops/support/assign", fields: { userId: "7", operatorId: "5" } }]);
  });
});
