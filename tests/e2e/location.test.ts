import type { Page } from "playwright-core";
import { describe, expect } from "vitest";

import { it } from "./fixture";
import { appUrl, baseUrl, ops } from "./helpers";

/** Requests the page makes outside the app's own server: a map page must make none (no tiles, no geocoder). */
function outsideRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(baseUrl()) && !request.url().startsWith("data:")) seen.push(request.url());
  });
  return seen;
}

async function expectNewWindowLink(page: Page, testId: string, href: string) {
  const link = page.getByTestId(testId);
  expect(await link.getAttribute("href")).toBe(href);
  expect(await link.getAttribute("target")).toBe("_blank");
  expect((await link.getAttribute("rel"))?.split(" ")).toContain("noopener");
}

describe("location pages", () => {
  it("choose-location asks for the position on a tap and returns the chosen place to the calling page", async ({ openPhone }) => {
    const page = await openPhone({ geolocation: { latitude: 22.3193, longitude: 114.1694, accuracy: 18 }, permissions: ["geolocation"] });
    const outside = outsideRequests(page);
    await page.goto(appUrl("/choose-location?returnTo=%2Fopen-location"));
    const use = page.getByTestId("use-location");
    await use.waitFor();
    // each part of the page opens with its heading; the position's card is a region named by its own
    await page.getByRole("region", { name: "Your current location" }).getByTestId("ask-position").waitFor();
    for (const part of await page.locator("main > section, main > form").all()) expect(await part.locator("h2").count()).toBe(1);
    expect(await use.isDisabled()).toBe(true);
    await page.getByTestId("ask-position").click();
    await page.getByTestId("position-coords").filter({ hasText: "22.3193, 114.1694" }).waitFor();
    await page.getByText("within about 18 m").waitFor();
    await page.getByLabel("Place name (optional)").fill("Meeting point");
    await use.click();

    await page.waitForURL(/#\/open-location\?/);
    await page.getByTestId("place").getByRole("heading", { name: "Meeting point" }).waitFor();
    expect(await page.getByTestId("place-coords").textContent()).toBe("22.3193, 114.1694");
    await expectNewWindowLink(page, "open-geo", "geo:22.3193,114.1694?q=22.3193,114.1694(Meeting%20point)");
    await expectNewWindowLink(page, "open-map", "https://www.openstreetmap.org/?mlat=22.3193&mlon=114.1694#map=16/22.3193/114.1694");
    expect(outside).toEqual([]);
  });

  it("choose-location explains a refused position and takes a typed address instead", async ({ openPhone }) => {
    // no geolocation permission granted: the browser refuses, as when the customer says no
    const page = await openPhone();
    await page.goto(appUrl("/choose-location?returnTo=%2Fopen-location"));
    await page.getByTestId("ask-position").click();
    await page.getByTestId("position-refusal").filter({ hasText: "Location access was refused" }).waitFor();
    expect(await page.getByTestId("position").count()).toBe(0);
    await page.getByLabel("Address", { exact: true }).fill("Unter den Linden 1, Berlin");
    await page.getByTestId("use-location").click();

    await page.waitForURL(/#\/open-location\?/);
    await page.getByText("Only the address is known: maps will search for it.").waitFor();
    await expectNewWindowLink(page, "open-geo", "geo:0,0?q=Unter%20den%20Linden%201%2C%20Berlin");
    await expectNewWindowLink(page, "open-map", "https://www.openstreetmap.org/search?query=Unter%20den%20Linden%201%2C%20Berlin");
  });

  it("choose-location sends a place to no address outside the app", async ({ openPhone }) => {
    const page = await openPhone({ geolocation: { latitude: 1, longitude: 2 }, permissions: ["geolocation"] });
    await page.goto(appUrl(`/choose-location?returnTo=${encodeURIComponent("//evil.example/x")}`));
    await page.getByTestId("ask-position").click();
    await page.getByTestId("position-coords").waitFor();
    await page.getByTestId("use-location").click();
    // no usable caller and no page of the app behind this one: back goes to Home, never off the app
    await page.waitForURL((url) => url.hash === "#/");
    expect(new URL(page.url()).origin).toBe(baseUrl());
  });

  it("the company page opens its office on open-location with geo: and map links, and copies it", async ({ openPhone }) => {
    ops("office", "E2E office", "Unter den Linden 1, Berlin", "52.5170365", "13.3888599");
    const page = await openPhone({ permissions: ["clipboard-read", "clipboard-write"] });
    const outside = outsideRequests(page);
    await page.goto(appUrl("/pages/about/list?kind=company"));
    const office = page.getByTestId("office-link");
    await office.filter({ hasText: "E2E office" }).waitFor();
    await office.click();

    await page.waitForURL(/#\/open-location\?/);
    await page.getByTestId("place").getByRole("heading", { name: "E2E office" }).waitFor();
    await page.getByTestId("place").getByText("Unter den Linden 1, Berlin").waitFor();
    expect(await page.getByTestId("place-coords").textContent()).toBe("52.517037, 13.38886");
    await expectNewWindowLink(page, "open-geo", "geo:52.517037,13.38886?q=52.517037,13.38886(E2E%20office)");
    await expectNewWindowLink(page, "open-map", "https://www.openstreetmap.org/?mlat=52.517037&mlon=13.38886#map=16/52.517037/13.38886");

    await page.getByRole("button", { name: "Copy location" }).click();
    await expect.poll(() => page.locator(".toast").allTextContents()).toContain("Copy success");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("E2E office\nUnter den Linden 1, Berlin\n52.517037, 13.38886");
    expect(outside).toEqual([]);

    // back is the company page again
    await page.getByRole("button", { name: "Back" }).click();
    await page.waitForURL(/about\/list/);
  });

  it("open-location says what is wrong with a bad or empty link instead of breaking", async ({ page }) => {
    await page.goto(appUrl("/open-location?name=Nowhere&lat=100&lng=5"));
    await page.getByTestId("place-problem").filter({ hasText: "latitude must be between -90 and 90" }).waitFor();
    await page.goto(appUrl("/open-location"));
    await page.getByTestId("place-problem").filter({ hasText: "This link names no place" }).waitFor();
    expect(await page.getByTestId("route-error").count()).toBe(0);
  });
});
