import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

import { expect, it } from "vitest";

// Working notes outside the repository, and the tracker's numbering, mean nothing in a fresh clone: a comment,
// test name or document says the fact itself or points at docs/.
const OUTSIDE = [/\.\.\/shared/, /\b(DESIGN|SPEC|TOOLCHAIN)(\.md)?\s*§?/, /\bspec\s*§/i, /\bissue\s+#?\d+/i, /\bpitfall\s+\d+/i];
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|css|html|json|yml|yaml|sh)$|(^|\/)run$/;
const THIS_FILE = "tests/unit/stands-alone.test.ts";

it("no file in the repository refers to anything outside it", () => {
  const files = execFileSync("git", ["ls-files"], { encoding: "utf8" })
    .split("\n")
    .filter((file) => TEXT.test(file) && file !== THIS_FILE && file !== "package-lock.json" && !file.startsWith("locales/"));
  expect(files.length).toBeGreaterThan(100);
  const found: string[] = [];
  for (const file of files) {
    readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, index) => {
        if (OUTSIDE.some((pattern) => pattern.test(line))) found.push(`${file}:${index + 1}: ${line.trim().slice(0, 120)}`);
      });
  }
  expect(found).toEqual([]);
});
