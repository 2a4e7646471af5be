import { beforeEach, describe, expect, it } from "vitest";

import { markNoticeOffered, noticeOfferDue } from "@/features/trading/notice-offer";

beforeEach(() => localStorage.clear());

describe("the trade screen's offer of result notifications", () => {
  it("is due once per customer, only while the browser would still ask", () => {
    expect(noticeOfferDue(1, "default")).toBe(true);
    for (const permission of ["granted", "denied", "unsupported"] as const) expect(noticeOfferDue(1, permission)).toBe(false);
    markNoticeOffered(1);
    expect(noticeOfferDue(1, "default")).toBe(false);
    // another customer on the same phone is still offered it
    expect(noticeOfferDue(2, "default")).toBe(true);
  });
});
