import { readFileSync } from "node:fs";

import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import {
  type AnyRoute,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { NotFoundPage } from "../../console/pages/NotFoundPage";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The console's frame and router are imported at run time only: their typed links are checked against the
// console's own router (console/tsconfig.json), and the tests' compilation registers the PWA's.
const LAYOUT = `${process.cwd()}/console/ConsoleLayout.tsx`;
const ROUTER_SOURCE = "console/ConsoleRouter.tsx";
type Layout = (props: { children?: ReactNode }) => ReactNode;
const loadLayout = async () => ((await import(/* @vite-ignore */ LAYOUT)) as { ConsoleLayout: Layout }).ConsoleLayout;

let host: HTMLElement;
let root: Root | undefined;

beforeEach(() => {
  // the signed-in operator the console's frame asks for, and nothing else to report
  vi.stubGlobal("fetch", async (request: Request) => {
    const path = new URL(request.url).pathname;
    const data = path === "/api/ops/me" ? { id: 1, username: "sue", role: "support", pending: null } : { open: [], acknowledged: [] };
    return new Response(JSON.stringify({ code: 1, msg: "", data }), { headers: { "content-type": "application/json" } });
  });
  i18n.loadAndActivate({ locale: "en", messages: {} });
  host = document.createElement("div");
  document.body.append(host);
});
afterEach(async () => {
  if (root) await act(async () => root?.unmount());
  root = undefined;
  host.remove();
  vi.unstubAllGlobals();
});

/** Renders the routes at `path` with the console's not-found page in its frame, and lets the frame's calls answer. */
async function show(routeTree: AnyRoute, path: string, ConsoleLayout: Layout) {
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    defaultNotFoundComponent: () => (
      <ConsoleLayout>
        <NotFoundPage />
      </ConsoleLayout>
    ),
  });
  const rendered = createRoot(host);
  root = rendered;
  await act(async () =>
    rendered.render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    ),
  );
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe("a console address that matches no page", () => {
  it("is what the console's router shows, in the console's frame", () => {
    expect(readFileSync(ROUTER_SOURCE, "utf8")).toMatch(/createRouter\(\{[^}]*\bdefaultNotFoundComponent: NotFoundInFrame,?\s*\}\)/);
  });

  it("shows the console's navigation, a sentence and a link to the dashboard", async () => {
    const shell = createRootRoute({ component: Outlet });
    const dashboard = createRoute({ getParentRoute: () => shell, path: "/", component: () => <p>dashboard</p> });
    await show(shell.addChildren([dashboard]), "/dashboard", await loadLayout());
    const page = host.querySelector("[data-testid=not-found]")!;
    expect(page.querySelector("h1")?.textContent).toBe("Page not found");
    expect(page.textContent).toContain("No page of the back office has this address.");
    expect(page.querySelector("a")?.getAttribute("href")).toBe("#/");
    expect(page.querySelector("a")?.textContent).toBe("Go to the dashboard");
    // the frame is the signed-in pages' one: the sections and who is signed in
    expect(host.querySelector("nav[aria-label=Sections]")?.textContent).toContain("Dashboard");
    expect(host.querySelector(".who")?.textContent).toContain("sue · support");
  });

  it("adds no second frame when the address fails inside the signed-in pages' frame", async () => {
    const ConsoleLayout = await loadLayout();
    const shell = createRootRoute({ component: Outlet });
    const signedIn = createRoute({ getParentRoute: () => shell, id: "signed-in", component: ConsoleLayout });
    const customer = createRoute({ getParentRoute: () => signedIn, path: "/users/$id", component: () => <p>customer</p> });
    await show(shell.addChildren([signedIn.addChildren([customer])]), "/users/1/extra", ConsoleLayout);
    expect(host.querySelector("[data-testid=not-found]")).not.toBeNull();
    expect(host.querySelectorAll("nav[aria-label=Sections]")).toHaveLength(1);
  });
});
