import { describe, expect } from "vitest";

import { it } from "./fixture";
import { appUrl } from "./helpers";

describe("the wallet's chart on the shared echarts core", () => {
  it("draws the asset split (echarts-for-react given the three core functions, not the echarts namespace)", async ({ demoPage: page }) => {
    await page.goto(appUrl("/pages/user/wallet"));
    const chart = page.getByTestId("asset-split");
    await chart.locator("canvas").waitFor({ timeout: 20_000 });
    expect(await chart.getAttribute("aria-label")).toMatch(/Cash/);
    // pixels painted: the ring and its legend, not an empty canvas
    const painted = () =>
      chart.locator("canvas").evaluate((canvas: HTMLCanvasElement) => {
        const pixels = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
        let count = 0;
        for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) count++;
        return count;
      });
    await expect.poll(painted).toBeGreaterThan(2_000);
  });
});
