import { describe, expect } from "vitest";

import { opsCall } from "./customer";
import { it } from "./fixture";
import { appUrl } from "./helpers";

async function publish(fields: Record<string, string>) {
  expect((await opsCall("POST", "/api/ops/content", fields)).code).toBe(1);
}

describe("home content in the browser", () => {
  it("reads a notice and a news article, then reads them again offline; hostile HTML cannot run", async ({ page }) => {
    await publish({
      item: "news-hostile",
      kind: "news",
      lang: "en",
      title: "Markup test",
      body: '<p id="kept">Safe paragraph</p><script>window.pwned = 1</script><img src="x" onerror="window.pwned = 2"><a href="javascript:window.pwned = 3">link</a><iframe src="about:blank"></iframe>',
    });
    const context = page.context();
    await page.goto(appUrl("/"));
    await page.getByTestId("banner").waitFor();
    // a notice from the ticker
    const noticeTitle = (await page.getByTestId("notice-ticker").locator(".notice-text").textContent())!;
    await page.getByTestId("notice-ticker").click();
    await page.getByTestId("article").waitFor();
    expect(await page.getByTestId("article").locator("h2").textContent()).toBe(noticeTitle);
    // a news article from Home
    await page.goto(appUrl("/"));
    const newsLink = page.getByTestId("home-news").getByRole("link").first();
    const newsTitle = (await newsLink.locator("strong").textContent())!;
    await newsLink.click();
    await page.getByTestId("article").locator("h2").filter({ hasText: newsTitle }).waitFor();
    const articleUrl = page.url();
    // the hostile article: its markup is shown, its script never runs
    await page.goto(appUrl("/pages/about/details?id=news-hostile"));
    await page.locator(".rich-text p").filter({ hasText: "Safe paragraph" }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(await page.locator(".rich-text script, .rich-text iframe, .rich-text [onerror]").count()).toBe(0);
    expect(await page.locator('.rich-text a[href^="javascript"]').count()).toBe(0);

    // offline: the same pages open from the saved copies, saying so
    await context.setOffline(true);
    await page.goto(articleUrl);
    await page.getByTestId("article").locator("h2").filter({ hasText: newsTitle }).waitFor();
    await page.getByRole("status").filter({ hasText: "Offline — as of" }).first().waitFor();
    await page.goto(appUrl("/"));
    await page.getByTestId("notice-ticker").waitFor();
    await context.setOffline(false);
  });

  it("signs in once a day in the activity centre; then the button says so and cannot be pressed", async ({ demoPage: page }) => {
    await page.getByRole("link", { name: "Activity centre" }).click();
    const button = page.locator("[data-signed]");
    await button.waitFor();
    // the centre's own sign-in card, and no published activity repeating it
    expect(await page.getByText("Daily sign-in", { exact: true }).count()).toBe(1);
    if ((await button.getAttribute("data-signed")) === "no") {
      await button.click();
      await expect.poll(() => page.locator(".toast").allTextContents()).toContain("Signed in: bonus added to your cash");
      await expect.poll(() => button.getAttribute("data-signed")).toBe("yes");
    }
    // a second sign-in is refused by the server as well (once_a_day, tests/server/content.test.ts)
    await expect.poll(() => button.isDisabled()).toBe(true);
    await expect.poll(() => button.textContent()).toBe("Signed in today");
  });
});
