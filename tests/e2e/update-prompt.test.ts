import { appendFileSync, rmSync } from "node:fs";
import { join } from "node:path";

import { describe, expect } from "vitest";

import { it, ownServer } from "./fixture";
import { reloadUnderServiceWorker } from "./helpers";

// a copy of the build, so this test can "deploy" a new service worker without touching dist/
const server = ownServer({ copyOfDist: true });

describe("update prompt", () => {
  it("offers the new version when one is waiting, and activates it only on the user's reload", async ({ page }) => {
    await page.goto(`${server.baseUrl}/h5/#/`);
    await page.waitForSelector(".tabbar");
    await reloadUnderServiceWorker(page);
    expect(await page.getByTestId("update-prompt").count()).toBe(0);

    // deploy: the service worker script changes
    appendFileSync(join(server.dist, "sw.js"), "\n// next deploy\n");
    // as a deploy replaces the build whole: the old compressed copies (sent in its place) go with it
    for (const copy of ["sw.js.br", "sw.js.gz"]) rmSync(join(server.dist, copy), { force: true });
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    const prompt = page.getByTestId("update-prompt");
    await prompt.waitFor({ timeout: 20_000 });
    expect(await prompt.textContent()).toContain("New version available — reload to use it.");
    // nothing changes until the user agrees
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);

    await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
    await prompt.getByRole("button", { name: "Reload" }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate ?? "reloaded"), { timeout: 20_000 })
      .toBe("reloaded");
    await page.waitForSelector(".tabbar");
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
    expect(await page.getByTestId("update-prompt").count()).toBe(0);
  });
});
