import { describe, expect, it } from "vitest";

import { withdrawWindow } from "#contract/withdraw-window";

import { formatAmount } from "../../src/i18n/format";

describe("formatAmount", () => {
  it("groups thousands and keeps two decimals in English", () => {
    expect(formatAmount("10000.00", "en")).toBe("10,000.00");
    expect(formatAmount("2135.79", "en")).toBe("2,135.79");
    expect(formatAmount("5", "en")).toBe("5.00");
    expect(formatAmount(1067.9, "en")).toBe("1,067.90");
    expect(formatAmount("1234567.5", "en")).toBe("1,234,567.50");
  });
  it("uses the decimal comma and dot grouping in German", () => {
    expect(formatAmount("10000.00", "de")).toBe("10.000,00");
    expect(formatAmount("0.05", "de")).toBe("0,05");
  });
  it("follows each language's own marks", () => {
    expect(formatAmount("10000.00", "es")).toBe(new Intl.NumberFormat("es", { minimumFractionDigits: 2 }).format(10000));
    expect(formatAmount("10000.00", "fr")).toMatch(/^10\s000,00$/u);
    expect(formatAmount("10000.00", "jp")).toBe("10,000.00");
    expect(formatAmount("10000.00", "hk")).toBe("10,000.00");
    expect(formatAmount("10000.00", "vi")).toBe("10.000,00");
  });
  it("keeps the sign and never shows minus zero", () => {
    expect(formatAmount("-1234.5", "en")).toBe("-1,234.50");
    expect(formatAmount("-0.00", "en")).toBe("0.00");
  });
  it("passes placeholders through and treats an unknown language as English", () => {
    expect(formatAmount("—", "de")).toBe("—");
    expect(formatAmount("", "en")).toBe("");
    expect(formatAmount("10000", "xx")).toBe("10,000.00");
  });
});

const at = (iso: string) => Date.parse(iso) / 1000;

describe("withdrawWindow", () => {
  it("is open from the start up to but not including the end, in the platform's zone", () => {
    expect(withdrawWindow("09:00-21:00", "UTC", at("2026-11-23T09:00:00Z"))).toEqual({
      open: true,
      closesAt: at("2026-11-23T21:00:00Z"),
      opensAt: null,
    });
    expect(withdrawWindow("09:00-21:00", "UTC", at("2026-11-23T20:59:59Z"))?.open).toBe(true);
  });
  it("before the start opens later the same day", () => {
    expect(withdrawWindow("09:00-21:00", "UTC", at("2026-11-23T08:59:59Z"))).toEqual({
      open: false,
      closesAt: null,
      opensAt: at("2026-11-23T09:00:00Z"),
    });
  });
  it("at or after the end opens the next day", () => {
    expect(withdrawWindow("09:00-21:00", "UTC", at("2026-11-23T21:00:00Z"))).toEqual({
      open: false,
      closesAt: null,
      opensAt: at("2026-11-24T09:00:00Z"),
    });
  });
  it("reads the clock of the platform's zone, not the device's", () => {
    // 02:30 UTC is 10:30 in Shanghai (UTC+8): open until 21:00 there, 13:00 UTC
    expect(withdrawWindow("09:00-21:00", "Asia/Shanghai", at("2026-11-23T02:30:00Z"))).toEqual({
      open: true,
      closesAt: at("2026-11-23T13:00:00Z"),
      opensAt: null,
    });
    // 14:00 UTC is 22:00 in Shanghai: next opening is 09:00 there on the 24th, 01:00 UTC
    expect(withdrawWindow("09:00-21:00", "Asia/Shanghai", at("2026-11-23T14:00:00Z"))?.opensAt).toBe(at("2026-11-24T01:00:00Z"));
  });
  it("lands on the platform's opening time across a daylight-saving change", () => {
    // New York leaves DST on 2026-11-01: 09:00 is 13:00 UTC before, 14:00 UTC after
    expect(withdrawWindow("09:00-21:00", "America/New_York", at("2026-11-01T02:00:00Z"))?.opensAt).toBe(at("2026-11-01T14:00:00Z"));
  });
  it("gives nothing for a malformed window or zone", () => {
    expect(withdrawWindow("nine to five", "UTC", 0)).toBeNull();
    expect(withdrawWindow("09:00-21:00", "Not/AZone", 0)).toBeNull();
  });
});
