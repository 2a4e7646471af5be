import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

import { expect, it } from "vitest";

/**
 * A `pattern` attribute is compiled by the browser with the `v` flag (unicode sets), where a class such as
 * `[a-z0-9-]` is a syntax error: Chromium then ignores the pattern and logs an error, so the field checks
 * nothing. Every literal pattern in the console and the PWA must compile as the browser compiles it.
 */
it("every literal input pattern compiles with the v flag, as Chromium compiles it", () => {
  const files = execFileSync("git", ["ls-files", "console", "src"], { encoding: "utf8" })
    .split("\n")
    .filter((file) => file.endsWith(".tsx"));
  const patterns = files.flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/\bpattern="([^"]*)"/g)].map((match) => ({ file, pattern: match[1]! })),
  );
  expect(patterns.length).toBeGreaterThan(3);
  const invalid = patterns.filter(({ pattern }) => {
    try {
      new RegExp(`^(?:${pattern})$`, "v");
      return false;
    } catch {
      return true;
    }
  });
  expect(invalid).toEqual([]);
});
