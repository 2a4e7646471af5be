import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

import { expect, it } from "vitest";

// The app keeps its state in one jotai store (src/ui/store.ts): a second store, or code reaching for jotai's
// default store on its own, would split what the screens show from what the API client wrote.
const STORE_FILE = "src/ui/store.ts";
const REACHES_FOR_A_STORE = /\b(getDefaultStore|createStore)\s*\(/;

it("only src/ui/store.ts makes or fetches a jotai store", () => {
  const files = execFileSync("git", ["ls-files", "src", "tests"], { encoding: "utf8" })
    .split("\n")
    .filter((file) => /\.(ts|tsx)$/.test(file) && file !== STORE_FILE && file !== "tests/unit/one-store.test.ts");
  const found = files.filter((file) => {
    const text = readFileSync(file, "utf8");
    return /from "jotai(\/[a-z]+)?"/.test(text) && REACHES_FOR_A_STORE.test(text);
  });
  expect(found).toEqual([]);
  expect(REACHES_FOR_A_STORE.test(readFileSync(STORE_FILE, "utf8"))).toBe(true);
});
