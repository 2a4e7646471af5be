import { beforeEach, describe, expect, it } from "vitest";

import { millisecondsUntil, nextRealityCheck, readAcknowledged, writeAcknowledged } from "../../src/features/limits/reality-check-due";

const START = 1_800_000_000;

describe("when the reality check is due", () => {
  beforeEach(() => sessionStorage.clear());

  it("is one interval after the session's start, none without an interval", () => {
    expect(nextRealityCheck(START, 30, null)).toBe(START + 30 * 60);
    expect(nextRealityCheck(START, null, null)).toBeNull();
    expect(nextRealityCheck(START, 0, null)).toBeNull();
  });

  it("is one interval after the last Continue, and a Continue from before this session does not count", () => {
    expect(nextRealityCheck(START, 30, START + 31 * 60)).toBe(START + 61 * 60);
    expect(nextRealityCheck(START, 30, START - 5)).toBe(START + 30 * 60);
  });

  it("times the wait by the server's clock, whatever the device's says", () => {
    // the device is an hour behind the server: the wait is the server's 10 minutes, less what passed since the answer
    const deviceAtAnswer = (START - 3600) * 1000;
    expect(millisecondsUntil(START + 600, START, deviceAtAnswer, deviceAtAnswer)).toBe(600_000);
    expect(millisecondsUntil(START + 600, START, deviceAtAnswer + 60_000, deviceAtAnswer)).toBe(540_000);
    expect(millisecondsUntil(START - 1, START, deviceAtAnswer, deviceAtAnswer)).toBe(0);
  });

  it("keeps a Continue across a reload, per user and session", () => {
    writeAcknowledged(7, START, START + 1800.6);
    // a reload reads sessionStorage again: the same session finds its Continue
    expect(readAcknowledged(7, START)).toBe(START + 1800);
    expect(nextRealityCheck(START, 30, readAcknowledged(7, START))).toBe(START + 3600);
    // a new login (another start) or another user starts afresh
    expect(readAcknowledged(7, START + 5000)).toBeNull();
    expect(readAcknowledged(8, START)).toBeNull();
    sessionStorage.setItem(`reality-check:7:${START}`, "not a time");
    expect(readAcknowledged(7, START)).toBeNull();
  });
});
