import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { sameSecret } from "#server/modules/accounts/tokens";

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

describe("the operator token is compared in constant time", () => {
  it("matches only the same secret, of any length, and never an absent or empty one", () => {
    const token = "f3a9c1d2e4b5a6978877665544332211";
    expect(sameSecret(token, token)).toBe(true);
    expect(sameSecret(`${token}x`, token)).toBe(false);
    expect(sameSecret(token.slice(0, -1), token)).toBe(false);
    expect(sameSecret(token.toUpperCase(), token)).toBe(false);
    expect(sameSecret("", token)).toBe(false);
    expect(sameSecret("", "")).toBe(false);
    expect(sameSecret(undefined, token)).toBe(false);
    expect(sameSecret([token], token)).toBe(false);
  });

  it("no server file compares an operator token with === or !==", () => {
    const found = serverFiles("server").flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .map((line, index) => ({ line, at: `${file}:${index + 1}` }))
        .filter(({ line }) => /ops-?token|OPS_TOKEN/i.test(line) && /[!=]==?/.test(line))
        .map(({ line, at }) => `${at}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
