import { describe, expect } from "vitest";

import { messages as pages } from "../../locales/jp/pages";
import { messages as shell } from "../../locales/jp/shell";
import { it } from "./fixture";
import { appUrl, translation } from "./helpers";

// Home renders before the pages catalog arrives (lingui.config.ts): every text it shows must come from the
// shell catalog. A missing message renders as its id, so no page-only id may appear on Home.
describe("Home's texts", () => {
  it("all come from the shell catalog: Home in Japanese is whole with the pages catalog withheld", async ({ openPhone }) => {
    const page = await openPhone({ serviceWorkers: "block" });
    const context = page.context();
    await context.addInitScript(() => localStorage.setItem("language", "jp"));
    // held, not refused: Home asks for it once it is shown (src/app/first-page-shown.ts), and a refused chunk
    // then would reload the page (src/app/browser-recovery.ts) under the test
    await context.route(/\/assets\/pages-[^/]+\.js$/, () => {});
    await page.goto(appUrl("/"));
    await page.locator(".quote-row").first().waitFor();
    await page.getByText(translation("jp", "Simulated prices")).first().waitFor();

    const pageOnlyIds = new Set(Object.keys(pages).filter((id) => !(id in shell)));
    const texts = await page.evaluate(() => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const found: string[] = [];
      while (walker.nextNode()) found.push(walker.currentNode.textContent!.trim());
      const labels = [...document.querySelectorAll("[aria-label]")].map((element) => element.getAttribute("aria-label")!);
      return [...found, ...labels].filter(Boolean);
    });
    expect(texts.length).toBeGreaterThan(10);
    expect(texts.filter((text) => pageOnlyIds.has(text))).toEqual([]);
  });
});
