import { describe, expect, it } from "vitest";

import { formatDecimal } from "#contract/decimal-format";
import { formatPercent } from "#contract/locale-format";
import { formatDuration, formatRelativeTime } from "#contract/time-format";

// Intl's own spaces are no-break spaces (before % in de and fr, between a number and its unit in fr); which one
// (U+00A0 or the narrow U+202F) depends on the engine's locale data, so they are compared as one mark, "_"
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, "_");

describe("formatPercent", () => {
  it("writes a rate in each language's form, never a dot-decimal where the language has a comma", () => {
    expect(formatPercent("0.0008", "en")).toBe("0.08%");
    expect(spaced(formatPercent("0.0008", "de"))).toBe("0,08_%");
    expect(spaced(formatPercent("0.85", "fr"))).toBe("85_%");
    expect(formatPercent("0.0008", "vi")).toBe("0,08%");
    expect(formatPercent("0.85", "zh")).toBe("85%");
  });
  it("rounds to the decimals asked for, half away from zero, and drops trailing zeros unless kept", () => {
    expect(formatPercent("0.855", "en", { decimals: 0 })).toBe("86%");
    expect(formatPercent("0.015", "en", { decimals: 1 })).toBe("1.5%");
    expect(formatPercent("0.02", "en", { decimals: 1 })).toBe("2%");
    expect(spaced(formatPercent("0.001", "de", { decimals: 2, minDecimals: 2 }))).toBe("0,10_%");
  });
  it("signs a change, and a zero change has no sign", () => {
    expect(formatPercent(0.0123, "en", { signed: true })).toBe("+1.23%");
    expect(spaced(formatPercent(-0.005, "de", { signed: true }))).toBe("-0,5_%");
    expect(formatPercent(0, "en", { signed: true, minDecimals: 2 })).toBe("0.00%");
    expect(formatPercent(-0, "en")).toBe("0%");
  });
  it("returns text that is no number as it is", () => {
    expect(formatPercent("—", "de")).toBe("—");
    expect(formatPercent("", "de")).toBe("");
  });
});

describe("formatDuration", () => {
  it("writes a settlement time in its largest whole unit, in the language's words", () => {
    expect([30, 60, 300, 90, 3600].map((s) => formatDuration(s, "en"))).toEqual(["30 sec", "1 min", "5 min", "90 sec", "1 hr"]);
    expect(formatDuration(30, "de")).toBe("30 Sek.");
    expect(spaced(formatDuration(300, "fr"))).toBe("5_min");
    expect(formatDuration(30, "vi")).toBe("30 giây");
    expect(formatDuration(30, "jp")).toBe("30 秒");
    expect(formatDuration(86_400, "zh")).toBe("1天");
  });
  it("has a narrow form for chips in a row", () => {
    expect(formatDuration(60, "en", "narrow")).toBe("1m");
    expect(formatDuration(900, "fr", "narrow")).toBe("15min");
    expect(formatDuration(300, "kor", "narrow")).toBe("5분");
  });
  it("never writes the hard-coded English short forms in a language that has its own", () => {
    for (const language of ["de", "fr", "vi"])
      for (const seconds of [30, 60, 300]) expect(formatDuration(seconds, language)).not.toMatch(/^\d+[smh]$/);
  });
});

describe("formatRelativeTime", () => {
  it("writes a moment ahead or behind in the largest whole unit", () => {
    expect(formatRelativeTime(8, "en")).toBe("in 8 sec.");
    expect(formatRelativeTime(-200, "en")).toBe("3 min. ago");
    expect(formatRelativeTime(8, "de")).toBe("in 8 Sek.");
    expect(formatRelativeTime(-200, "vi")).toBe("3 phút trước");
    expect(spaced(formatRelativeTime(-7200, "fr"))).toBe("il y a 2_h");
    expect(formatRelativeTime(0, "en")).toBe("in 0 sec.");
  });
});

describe("formatDecimal", () => {
  it("groups a decimal string and keeps the decimals it was written with, exactly", () => {
    expect(formatDecimal("50000", "de")).toBe("50.000");
    expect(formatDecimal("0.5000", "de")).toBe("0,5000");
    expect(formatDecimal("1.08345", "fr")).toBe("1,08345");
    expect(formatDecimal("10.5", "de", 2)).toBe("10,50");
    expect(formatDecimal("90071992547409.93", "en")).toBe("90,071,992,547,409.93");
    expect(formatDecimal("-1234.5", "en")).toBe("-1,234.5");
  });
  it("returns text that is no decimal as it is", () => {
    expect(formatDecimal("1e5", "en")).toBe("1e5");
    expect(formatDecimal("abc", "de")).toBe("abc");
  });
});
