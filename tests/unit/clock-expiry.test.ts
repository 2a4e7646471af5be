import { describe, expect, it } from "vitest";

import { CLOCK_EXPIRY_CUTOFF_SECONDS, clockExpiries, clockExpiryOption, secondsToCutoff } from "#contract/clock-expiry";

// 2027-01-15 08:00:00 UTC, a whole minute
const MINUTE = 1_800_000_000;
const OPTIONS = [{ seconds: 30 }, { seconds: 60 }, { seconds: 180 }, { seconds: 300 }];

describe("the clock times offered", () => {
  it("offers the next whole minutes past the cut-off, up to the longest option", () => {
    const now = MINUTE + 10;
    expect(clockExpiries(now, 300).map((at) => at - MINUTE)).toEqual([60, 120, 180, 240, 300]);
  });

  it("drops a boundary once its last 30 seconds have begun", () => {
    expect(clockExpiries(MINUTE + 60 - CLOCK_EXPIRY_CUTOFF_SECONDS, 300)[0]).toBe(MINUTE + 60);
    expect(clockExpiries(MINUTE + 60 - CLOCK_EXPIRY_CUTOFF_SECONDS + 1, 300)[0]).toBe(MINUTE + 120);
  });

  it("goes on in steps of five minutes, then fifteen, when the options reach that far, six at most", () => {
    const now = MINUTE + 10;
    expect(clockExpiries(now, 20 * 60).map((at) => (at - MINUTE) / 60)).toEqual([1, 2, 3, 4, 5, 10]);
    // a longest option of an hour, from 08:02:40: 08:04 … 08:08, then 08:10
    expect(clockExpiries(MINUTE + 160, 3600).map((at) => (at - MINUTE) / 60)).toEqual([4, 5, 6, 7, 8, 10]);
    expect(clockExpiries(now, 20)).toEqual([]);
  });

  it("counts the time left to buy down to the cut-off", () => {
    expect(secondsToCutoff(MINUTE + 60, MINUTE + 5)).toBe(25);
    expect(secondsToCutoff(MINUTE + 60, MINUTE + 45)).toBe(0);
  });

  it("takes the rate of the shortest option not shorter than the time left", () => {
    expect(clockExpiryOption(OPTIONS, 31)?.seconds).toBe(60);
    expect(clockExpiryOption(OPTIONS, 60)?.seconds).toBe(60);
    expect(clockExpiryOption(OPTIONS, 95)?.seconds).toBe(180);
    expect(clockExpiryOption(OPTIONS, 299)?.seconds).toBe(300);
    expect(clockExpiryOption(OPTIONS, 301)).toBeUndefined();
  });
});
