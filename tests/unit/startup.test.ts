import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

import { describe, expect, it } from "vitest";

import { isPublicPath, PUBLIC_KEYWORDS, queryIntoHash } from "../../src/app/startup";

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    // a file named "-…" sits beside the routes without being one (the router's ignore prefix)
    if (entry.startsWith("-")) return [];
    return statSync(path).isDirectory() ? routeFiles(path) : [path];
  });
}

/** Route file → hash path: `_auth/pages/user/user.tsx` serves `/pages/user/user`. */
const routes = routeFiles("src/routes")
  .map((file) => relative("src/routes", file).replace(/\\/g, "/"))
  .filter((file) => file.endsWith(".tsx") && !file.startsWith("__root") && file !== "_auth.tsx")
  .map((file) => ({
    protectedByLayout: file.startsWith("_auth/"),
    path: `/${file
      .replace(/^_auth\//, "")
      .replace(/\.tsx$/, "")
      .replace(/\[(\w+)\]/g, "$1")}`.replace(/^\/index$/, "/"),
  }));

describe("start-up allow-list", () => {
  it("has the spec's keywords", () => {
    expect([...PUBLIC_KEYWORDS].sort()).toEqual(
      ["register", "login", "agreement", "public", "customer", "download", "splash", "forgetpwd", "index", "about", "aboutus"].sort(),
    );
  });

  it("lets public pages open without the user-info check", () => {
    expect(isPublicPath("/")).toBe(true);
    expect(isPublicPath("/pages/login/login")).toBe(true);
    expect(isPublicPath("/pages/login/register")).toBe(true);
    expect(isPublicPath("/pages/index/index")).toBe(true);
    expect(isPublicPath("/pages/customer/customer")).toBe(true);
  });

  it("lets the built-in location pickers open without an account, by their exact path", () => {
    expect(isPublicPath("/open-location")).toBe(true);
    expect(isPublicPath("/choose-location")).toBe(true);
    expect(isPublicPath("/pages/user/open-location")).toBe(false);
  });

  it("checks the user on every other page", () => {
    expect(isPublicPath("/pages/user/user")).toBe(false);
    expect(isPublicPath("/pages/user/order")).toBe(false);
    expect(isPublicPath("/pages/project/project")).toBe(false);
  });

  it("puts exactly the non-allow-listed routes behind the auth layout", () => {
    expect(routes.length).toBeGreaterThan(8);
    for (const route of routes) expect(route.protectedByLayout, route.path).toBe(!isPublicPath(route.path));
  });
});

describe("a query in front of the hash", () => {
  it("moves inside the hash, after the hash's own search", () => {
    expect(queryIntoHash(new URL("https://h5.example.com/h5/?from=share#/pages/login/register?code=AB12"))).toBe(
      "/h5/#/pages/login/register?code=AB12&from=share",
    );
    expect(queryIntoHash(new URL("https://h5.example.com/h5/?code=ZZ#/pages/login/register?code=AB12"))).toBe(
      "/h5/#/pages/login/register?code=AB12",
    );
    expect(queryIntoHash(new URL("https://h5.example.com/h5/?pid=3"))).toBe("/h5/#/?pid=3");
  });

  it("leaves an address without one alone", () => {
    expect(queryIntoHash(new URL("https://h5.example.com/h5/#/pages/trade/trade?pid=11"))).toBeNull();
  });
});
