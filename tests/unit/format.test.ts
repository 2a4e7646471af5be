import { describe, expect, it } from "vitest";

import { centsToDecimal, maskMiddle } from "#contract/format";

import { formatDateTime, formatDateTimeInText } from "../../src/i18n/format";

describe("formatDateTime", () => {
  it("formats Unix seconds as YYYY-MM-DD HH:mm:ss in local time", () => {
    const seconds = new Date(2026, 0, 5, 7, 8, 9).getTime() / 1000;
    expect(formatDateTime(seconds)).toBe("2026-01-05 07:08:09");
  });
  it("pads every part to two digits and keeps 24-hour time", () => {
    const seconds = new Date(2026, 10, 22, 23, 59, 0).getTime() / 1000;
    expect(formatDateTime(seconds)).toBe("2026-11-22 23:59:00");
  });
  it("inside a sentence, reads the same but cannot be broken over two lines", () => {
    const seconds = new Date(2026, 10, 27, 21, 0, 0).getTime() / 1000;
    const text = formatDateTimeInText(seconds);
    expect(text).toBe("2026\u201111\u201127\u00a021:00:00");
    expect(text.replace(/\u2011/g, "-").replace(/\u00a0/g, " ")).toBe(formatDateTime(seconds));
    expect(text).not.toMatch(/[- ]/);
  });
});

describe("maskMiddle", () => {
  it("shows the first 3 and last 3 characters", () => {
    expect(maskMiddle("13800138000")).toBe("138*****000");
    expect(maskMiddle("6222021234567890")).toBe("622******890");
  });
  it("hides the middle of short values too", () => {
    expect(maskMiddle("1234567")).toBe("123*567");
    expect(maskMiddle("123456")).toBe("1****6");
    expect(maskMiddle("ab")).toBe("**");
  });
});

describe("centsToDecimal", () => {
  it("writes integer cents as a 2-decimal string", () => {
    expect(centsToDecimal(1_000_000)).toBe("10000.00");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(-1234)).toBe("-12.34");
    expect(centsToDecimal(0)).toBe("0.00");
  });
  it("refuses fractions of a cent", () => {
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
  });
});
