import { describe, expect } from "vitest";

import { it } from "./fixture";
import { appUrl, paintedPixels } from "./helpers";

describe("the wallet's chart on the shared echarts core", () => {
  it("draws the asset split (echarts-for-react given the three core functions, not the echarts namespace)", async ({ demoPage: page }) => {
    await page.goto(appUrl("/pages/user/wallet"));
    const chart = page.getByTestId("asset-split");
    await chart.locator("canvas").waitFor({ timeout: 20_000 });
    expect(await chart.getAttribute("aria-label")).toMatch(/Cash/);
    // pixels painted: the ring and its legend, not an empty canvas
    const painted = () => paintedPixels(chart.locator("canvas"));
    await expect.poll(painted).toBeGreaterThan(2_000);
  });
});
