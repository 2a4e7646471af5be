import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

import type { Page } from "playwright-core";
import { describe, expect } from "vitest";

import { it } from "./fixture";
import { allRoutes, openPage, routeWithSearch } from "./helpers";

// Accessibility: every control has a name, focus is visible, the tab bar and sheets work by keyboard,
// and text scales to 200 % without loss.
const CONTROL_ROLES = new Set([
  "button",
  "link",
  "textbox",
  "combobox",
  "checkbox",
  "radio",
  "tab",
  "menuitem",
  "spinbutton",
  "searchbox",
  "slider",
  "switch",
]);

interface AXNode {
  role?: { value?: string };
  name?: { value?: string };
  ignored?: boolean;
  backendDOMNodeId?: number;
}

/** Controls Chromium's accessibility tree gives no name, described by their HTML. */
async function namelessControls(page: Page): Promise<string[]> {
  const session = await page.context().newCDPSession(page);
  const { nodes } = (await session.send("Accessibility.getFullAXTree")) as { nodes: AXNode[] };
  const nameless = nodes.filter((node) => !node.ignored && CONTROL_ROLES.has(node.role?.value ?? "") && !node.name?.value?.trim());
  const described: string[] = [];
  for (const node of nameless) {
    const { object } = (await session.send("DOM.resolveNode", { backendNodeId: node.backendDOMNodeId })) as {
      object: { objectId: string };
    };
    const html = (await session.send("Runtime.callFunctionOn", {
      objectId: object.objectId,
      functionDeclaration: "function () { return this.outerHTML.slice(0, 160); }",
      returnByValue: true,
    })) as {
      result: { value: string };
    };
    described.push(`${node.role?.value}: ${html.result.value}`);
  }
  await session.detach();
  return described;
}

async function focusedElement(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return null;
    const style = getComputedStyle(element);
    return {
      text: element.textContent?.trim() ?? "",
      inDialog: Boolean(element.closest("[role=dialog]")),
      outline: style.outlineStyle,
      outlineWidth: style.outlineWidth,
    };
  });
}

/** axe-core's script, evaluated in the page through the devtools protocol (the page's CSP allows no added script). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Controls smaller than 24 × 24 px whose 24 px circle reaches another control (WCAG 2.2 2.5.8, the rule
 * Lighthouse scores as target-size), described by their HTML.
 */
async function crampedTargets(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe;
    type AxeResults = { violations: Array<{ nodes: Array<{ html: string }> }> };
    const results = await axe.run(document, { runOnly: { type: "rule", values: ["target-size"] }, resultTypes: ["violations"] });
    return results.violations.flatMap((violation) => violation.nodes.map((node) => node.html.slice(0, 120)));
  });
}

/** What `find` reports on each page the signed-in customer can open (the login page redirects), by path. */
async function onEverySignedInPage(page: Page, find: (page: Page) => Promise<string[]>): Promise<string[]> {
  const problems: string[] = [];
  for (const path of allRoutes().filter((route) => route !== "/pages/login/login")) {
    await openPage(page, await routeWithSearch(path));
    for (const problem of await find(page)) problems.push(`${path} ${problem}`);
  }
  return problems;
}

describe("accessibility", () => {
  it("every control on every page has an accessible name", async ({ demoPage: page }) => {
    expect(await onEverySignedInPage(page, namelessControls)).toEqual([]);
  });

  it("every control on every page is big enough to tap, or far enough from the next one (24 px)", async ({ demoPage: page }) => {
    expect(await onEverySignedInPage(page, crampedTargets)).toEqual([]);
  });

  it("the tab bar works by keyboard with a visible focus ring", async ({ demoPage: page }) => {
    await openPage(page, "/");
    const mine = page.locator(".tabbar").getByRole("link", { name: "Mine" });
    // Tab from the top of the page until the Mine tab has the focus
    for (let presses = 0; presses < 200 && !(await mine.evaluate((element) => element === document.activeElement)); presses++)
      await page.keyboard.press("Tab");
    const focused = await focusedElement(page);
    // the tab may carry the unread-messages badge before its name, when an earlier test sent the demo a message
    expect(focused?.text).toMatch(/^\d*Mine$/);
    expect(focused?.outline).toBe("solid");
    expect(focused?.outlineWidth).toBe("3px");
    await page.keyboard.press("Enter");
    await page.waitForURL(/pages\/user\/user/);
  });

  it("a sheet takes the focus, keeps Tab inside, closes on Escape and gives the focus back", async ({ demoPage: page }) => {
    await openPage(page, await routeWithSearch("/pages/trade/trade"));
    const buyUp = page.getByRole("button", { name: /buy up/i }).first();
    await buyUp.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    expect((await focusedElement(page))?.inDialog).toBe(true);
    for (let presses = 0; presses < 25; presses++) {
      await page.keyboard.press(presses % 5 === 4 ? "Shift+Tab" : "Tab");
      expect((await focusedElement(page))?.inDialog, `focus left the sheet after ${presses + 1} presses`).toBe(true);
    }
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await buyUp.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it("text at 200 % keeps every page within the screen, with nothing cut off sideways", async ({ demoPage: page }) => {
    const problems: string[] = [];
    for (const path of allRoutes()) {
      await openPage(page, await routeWithSearch(path));
      // the reader's browser text size at 200 % (the app sizes text in rem from the root size)
      // through the CSSOM: the document's CSP allows no inline <style> but its own (by hash)
      await page.evaluate(() => document.documentElement.style.setProperty("font-size", "200%", "important"));
      const overflow = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const wide = [...document.querySelectorAll<HTMLElement>("main *, .tabbar *")]
          .filter((element) => {
            const box = element.getBoundingClientRect();
            return box.width > 0 && (box.right > width + 1 || box.left < -1) && getComputedStyle(element).position !== "fixed";
          })
          .filter((element) => !element.closest(".tabs, .notice-ticker, .banner-track, canvas, .kline"))
          .map((element) => element.outerHTML.slice(0, 100));
        return { scroll: document.documentElement.scrollWidth > width + 1, wide: wide.slice(0, 3) };
      });
      if (overflow.scroll || overflow.wide.length)
        problems.push(`${path}: ${overflow.scroll ? "scrolls sideways; " : ""}${overflow.wide.join(" | ")}`);
    }
    expect(problems).toEqual([]);
  });
});
