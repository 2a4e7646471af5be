import { describe, expect, it, vi } from "vitest";

import { isChunkLoadError, recoverFromChunkError, type RecoveryEnvironment, RELOAD_GUARD_MS } from "../../src/app/chunk-errors";

function environment(overrides: Partial<RecoveryEnvironment> = {}) {
  const stored = new Map<string, string>();
  let now = 1_000_000;
  const env = {
    online: () => true,
    waitForOnline: vi.fn(async () => true),
    reload: vi.fn(),
    storage: { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value) },
    now: () => now,
    advance: (ms: number) => void (now += ms),
    ...overrides,
  };
  return env;
}

describe("isChunkLoadError", () => {
  it("recognises the browsers' failed dynamic import messages", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /h5/assets/x.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /h5/assets/x.css"))).toBe(true);
  });
  it("leaves other errors alone", () => {
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("user info unavailable")).toBe(false);
  });
});

describe("recoverFromChunkError", () => {
  it("reloads once, and a second failure right after gives up instead of looping", async () => {
    const env = environment();
    expect(await recoverFromChunkError(env)).toBe("reloaded");
    env.advance(2_000);
    expect(await recoverFromChunkError(env)).toBe("gave-up");
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it("may reload again once the guard window has passed (a later deploy)", async () => {
    const env = environment();
    await recoverFromChunkError(env);
    env.advance(RELOAD_GUARD_MS + 1);
    expect(await recoverFromChunkError(env)).toBe("reloaded");
    expect(env.reload).toHaveBeenCalledTimes(2);
  });

  it("offline, waits up to 120 s for the network before reloading", async () => {
    const env = environment({ online: () => false });
    expect(await recoverFromChunkError(env)).toBe("reloaded");
    expect(env.waitForOnline).toHaveBeenCalledWith(120_000);
  });

  it("offline for good, gives up without reloading", async () => {
    const env = environment({ online: () => false, waitForOnline: vi.fn(async () => false) });
    expect(await recoverFromChunkError(env)).toBe("gave-up");
    expect(env.reload).not.toHaveBeenCalled();
  });
});
