import { describe, expect } from "vitest";

import { it } from "./fixture";
import { appUrl, baseUrl } from "./helpers";

describe("dense quote rows", () => {
  it("at 390 px each row is one line: glyph, name, last hour, price over change, star; nothing is fetched from elsewhere", async ({
    page,
  }) => {
    const elsewhere: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(baseUrl()) && !request.url().startsWith("data:")) elsewhere.push(request.url());
    });
    await page.goto(appUrl("/"));
    await page.getByRole("tab", { name: "Crypto" }).click();
    const row = page.locator("[data-code=BTCUSDT]");
    // the line is drawn from the server's last hour once its data is there
    await row.locator(".spark polyline").waitFor({ timeout: 15_000 });
    expect(await row.locator("svg.asset-icon").getAttribute("data-glyph")).toBe("crypto");
    const points = (await row.locator(".spark polyline").getAttribute("points"))!.split(" ");
    expect(points.length).toBeGreaterThan(2);

    // one line: every part's box shares the row's middle, and the parts are side by side in order
    const boxes = await page
      .locator(".quote-item")
      .first()
      .evaluate((item) =>
        [".asset-icon", ".quote-name", ".spark", ".quote-figures", ".star"].map((selector) => {
          const box = item.querySelector(selector)!.getBoundingClientRect();
          return { left: box.left, right: box.right, top: box.top, bottom: box.bottom };
        }),
      );
    const middle = (boxes[0]!.top + boxes[0]!.bottom) / 2;
    for (const box of boxes) expect(box.top <= middle && box.bottom >= middle).toBe(true);
    for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.left).toBeGreaterThanOrEqual(boxes[i - 1]!.right - 1);
    expect(boxes.at(-1)!.right).toBeLessThanOrEqual(390);

    // every market draws its own glyph
    const glyphs: string[] = [];
    for (const market of ["Forex", "Metals", "Futures", "Stocks", "Crypto"]) {
      await page.getByRole("tab", { name: market }).click();
      glyphs.push((await page.locator(".quote-row svg.asset-icon").first().getAttribute("data-glyph"))!);
    }
    expect(glyphs).toEqual(["forex", "metals", "futures", "stocks", "crypto"]);
    expect(elsewhere).toEqual([]);
  });

  it("at 320 px a row still keeps name, price and change on one line, without the last hour's line", async ({ openPhone }) => {
    const page = await openPhone({ viewport: { width: 320, height: 700 } });
    await page.goto(appUrl("/"));
    const item = page.locator(".quote-item").first();
    await item.locator(".quote-price").waitFor();
    expect(await item.locator(".spark").isVisible()).toBe(false);
    const boxes = await item.evaluate((row) =>
      [".quote-name", ".quote-figures", ".star"].map((selector) => {
        const box = row.querySelector(selector)!.getBoundingClientRect();
        return { left: box.left, right: box.right, top: box.top, bottom: box.bottom };
      }),
    );
    const middle = (boxes[0]!.top + boxes[0]!.bottom) / 2;
    for (const box of boxes) expect(box.top <= middle && box.bottom >= middle).toBe(true);
    expect(boxes.at(-1)!.right).toBeLessThanOrEqual(320);
  });
});
