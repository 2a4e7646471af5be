import { describe, expect, it } from "vitest";

import { SCREENSHOT_MAX_BYTES, screenshotProblem } from "@/features/recharge/screenshot-check";

describe("a recharge screenshot is checked before it is sent", () => {
  it("takes png, jpeg and webp up to 5 MB inclusive", () => {
    expect(screenshotProblem({ size: 1000, type: "image/png" })).toBeNull();
    expect(screenshotProblem({ size: SCREENSHOT_MAX_BYTES, type: "image/jpeg" })).toBeNull();
    expect(screenshotProblem({ size: 1, type: "image/webp" })).toBeNull();
  });

  it("refuses a file over 5 MB", () => {
    expect(screenshotProblem({ size: SCREENSHOT_MAX_BYTES + 1, type: "image/png" })).toBe("too_large");
  });

  it("refuses any other type, whatever its size", () => {
    for (const type of ["image/gif", "image/svg+xml", "application/pdf", "image/heic", ""])
      expect(screenshotProblem({ size: 10, type })).toBe("wrong_type");
  });
});
