import { describe, expect, it } from "vitest";

import { readPushNotice } from "../../sw/push-notice";

describe("the service worker's reading of a push message", () => {
  it("takes the server's notice as it is", () => {
    const notice = {
      title: "Order won · BTC/USDT",
      body: "Order 12 has settled.",
      tag: "order-result-12",
      url: "#/pages/user/orderdetail?id=12",
    };
    expect(readPushNotice(JSON.stringify(notice))).toEqual(notice);
  });

  it("shows nothing for a body that is no notice", () => {
    for (const body of [null, "", "not json", "42", "null", JSON.stringify({ body: "no title", tag: "t" }), JSON.stringify({ title: "t" })])
      expect(readPushNotice(body), String(body)).toBeNull();
  });

  it("never leads a tap outside the app", () => {
    for (const url of ["https://evil.example/", "//evil.example", "javascript:alert(1)", 7])
      expect(readPushNotice(JSON.stringify({ title: "t", body: "b", tag: "x", url }))?.url, String(url)).toBe("#/");
  });
});
