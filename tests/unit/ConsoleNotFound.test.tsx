import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from "@tanstack/react-router";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { router as consoleRouter } from "../../console/ConsoleRouter";
import { NotFoundPage } from "../../console/pages/NotFoundPage";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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

describe("a console address that matches no page", () => {
  it("is the console's router's not-found page", () => {
    expect(consoleRouter.options.defaultNotFoundComponent).toBe(NotFoundPage);
  });

  it("shows the console's navigation, a sentence and a link to the dashboard", async () => {
    const shell = createRootRoute({ component: Outlet });
    const dashboard = createRoute({ getParentRoute: () => shell, path: "/", component: () => <p>dashboard</p> });
    const router = createRouter({
      routeTree: shell.addChildren([dashboard]),
      history: createMemoryHistory({ initialEntries: ["/dashboard"] }),
      defaultNotFoundComponent: NotFoundPage,
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
    const page = host.querySelector("[data-testid=not-found]")!;
    expect(page.querySelector("h1")?.textContent).toBe("Page not found");
    expect(page.textContent).toContain("No page of the back office has this address.");
    expect(page.querySelector("a")?.getAttribute("href")).toBe("/");
    expect(page.querySelector("a")?.textContent).toBe("Go to the dashboard");
    // the frame is the signed-in pages' one: the sections and who is signed in
    expect(host.querySelector("nav[aria-label=Sections]")?.textContent).toContain("Dashboard");
    expect(host.querySelector(".who")?.textContent).toContain("sue · support");
  });
});
