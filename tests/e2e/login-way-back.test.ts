import { describe, expect } from "vitest";

import { apiCall, logInThroughPage } from "./customer";
import { it } from "./fixture";
import { appUrl, baseUrl } from "./helpers";

const hashOf = (url: string) => new URL(url).hash;

describe("the way back from login", () => {
  it("a visitor sent to log in can go back to Home and browse quotes; logging in returns to the page asked for", async ({
    page,
    customer,
  }) => {
    // a deep link to a guarded page: the login page, whose back arrow goes Home (not back to the guard)
    await page.goto(appUrl("/pages/user/wallet"));
    await page.waitForURL(/pages\/login\/login\?redirect=/);
    await page.getByRole("button", { name: "Back" }).click();
    await page.waitForURL((url) => hashOf(url.href) === "#/");
    await page.locator(".quote-row").first().waitFor();
    expect(await page.getByRole("link", { name: "Log in" }).count()).toBe(1);

    // the visible way back does the same
    await page.goto(appUrl("/pages/login/login"));
    await page.getByTestId("browse-markets").click();
    await page.waitForURL((url) => hashOf(url.href) === "#/");

    // the Order tab asks to log in; logging in comes back to it
    await page.locator(".tabbar").getByRole("link", { name: "Order" }).click();
    await page.waitForURL(/pages\/login\/login\?redirect=/);
    await logInThroughPage(page, customer);
    await page.waitForURL((url) => hashOf(url.href).startsWith("#/pages/user/order"));
    await page.getByRole("tab", { name: "Holding" }).waitFor();
  });

  it("a back arrow with nothing of the app behind it goes to its tab's first page, never out of the app", async ({
    customerPage: page,
  }) => {
    // a page opened from elsewhere: the browser has a page before it, the app has none
    for (const [deep, root] of [
      ["/pages/user/wallet", "#/pages/user/user"],
      ["/pages/user/orderdetail?id=1", "#/pages/user/order"],
      ["/pages/about/list?kind=news", "#/"],
    ] as const) {
      await page.goto(`${baseUrl()}/api/index/info`);
      await page.goto(appUrl(deep));
      await page.locator("main:not([aria-busy])").first().waitFor();
      await page.getByRole("button", { name: "Back" }).first().click();
      await page.waitForURL((url) => url.pathname === "/h5/" && hashOf(url.href) === root);
    }
    // within the app the arrow is one page back
    await page.goto(appUrl("/pages/user/user"));
    await page.getByRole("link", { name: "Security" }).click();
    await page.waitForURL(/pages\/user\/security/);
    await page.getByRole("button", { name: "Back" }).click();
    await page.waitForURL((url) => hashOf(url.href) === "#/pages/user/user");
  });

  it("says the session has expired when a refused session sends the customer to log in, then returns there", async ({
    customerPage: page,
    customer,
  }) => {
    const token = await page.evaluate(() => localStorage.getItem("token"));
    // the session ends on the server (as when it expires, or the customer logged out elsewhere)
    expect((await apiCall("POST", "/api/login/logout", {}, token!)).code).toBe(1);
    await page.goto(appUrl("/pages/user/wallet"));
    await page.waitForURL(/pages\/login\/login\?redirect=/);
    const expired = page.locator(".toast", { hasText: "Your session has expired. Please log in again." });
    await expired.waitFor();
    expect(await expired.count()).toBe(1);
    await logInThroughPage(page, customer);
    await page.waitForURL((url) => hashOf(url.href).startsWith("#/pages/user/wallet"));

    // the same when a page's own request is refused (the guard had answered from the session it knew)
    await expired.waitFor({ state: "detached" });
    const second = await page.evaluate(() => localStorage.getItem("token"));
    expect((await apiCall("POST", "/api/login/logout", {}, second!)).code).toBe(1);
    await page.evaluate(() => (location.hash = "/pages/user/order"));
    await page.waitForURL(/pages\/login\/login\?redirect=/);
    await expired.waitFor();
    expect(await expired.count()).toBe(1);
  });
});
