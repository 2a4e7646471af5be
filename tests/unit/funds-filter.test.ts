import { describe, expect, it } from "vitest";

import { fundsRequestFields, readFundsSearch } from "@/features/wallet/funds-filter";
import { fundsCsvRequest } from "#contract/schemas/wallet";

/**
 * The Funds page's filters: the customer picks days on their own calendar, and the server, reading the instants
 * the page sends, takes exactly those days, from the first local midnight to the midnight after the last day.
 */
const localMidnight = (year: number, month: number, day: number) => new Date(year, month - 1, day).getTime() / 1000;

describe("the funds filters", () => {
  it("ask the server for whole local days", () => {
    const parsed = fundsCsvRequest.parse(fundsRequestFields({ from: "2027-01-15", to: "2027-01-16" }));
    expect(parsed).toEqual({ since: localMidnight(2027, 1, 15), until: localMidnight(2027, 1, 17) });
  });

  it("read a last day before the first as that first day alone, and no day as no bound", () => {
    expect(fundsCsvRequest.parse(fundsRequestFields({ from: "2027-03-02", to: "2027-03-01" }))).toEqual({
      since: localMidnight(2027, 3, 2),
      until: localMidnight(2027, 3, 3),
    });
    expect(fundsCsvRequest.parse(fundsRequestFields({ kind: "recharge" }))).toEqual({ kind: "recharge" });
  });

  it("keep only the values the statement takes from the address", () => {
    expect(readFundsSearch({ kind: "order_fee", from: "2027-01-15", to: "15/01/2027", cursor: "abc_-1", extra: "x" })).toEqual({
      kind: "order_fee",
      from: "2027-01-15",
      cursor: "abc_-1",
    });
    expect(readFundsSearch({ kind: "stake", cursor: "a b" })).toEqual({});
  });
});
