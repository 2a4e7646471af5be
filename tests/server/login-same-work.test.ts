import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { UNKNOWN_ACCOUNT_HASH } from "#server/modules/accounts/passwords";

import { type Harness, registerUser, startHarness } from "./harness";

// Every password check of the server goes through this spy, so the test can see which hash each login
// checked: timing the answers instead would fail whenever the machine is busy.
const checks = vi.hoisted(() => ({ hashes: [] as string[] }));
vi.mock("#server/modules/accounts/passwords", async (importOriginal) => {
  const original = await importOriginal<typeof import("#server/modules/accounts/passwords")>();
  return {
    ...original,
    verifyPassword: async (password: string, stored: string) => {
      checks.hashes.push(stored);
      return original.verifyPassword(password, stored);
    },
  };
});

/**
 * A login for a name that does not exist does the work of a wrong password, one scrypt of the same cost,
 * so the time of the answer does not tell the two apart (the answers themselves are compared in
 * account-attacks.test.ts).
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const login = (account: string, password: string, remoteAddress: string) =>
  h.app.inject({ method: "POST", url: "/api/login/index", remoteAddress, payload: { account, password } }).then((r) => r.json());

describe("login work", () => {
  it("an unknown name is checked against a hash of the real cost, once, like a wrong password", async () => {
    await registerUser(h, "worker01", "right123");
    checks.hashes.length = 0;
    expect((await login("worker01", "wrong123", "10.50.0.1")).err).toBe("wrong_password");
    expect(checks.hashes).toHaveLength(1);
    const realHash = checks.hashes[0]!;
    checks.hashes.length = 0;
    expect((await login("nobody01", "wrong123", "10.50.0.1")).err).toBe("wrong_password");
    expect(checks.hashes).toEqual([UNKNOWN_ACCOUNT_HASH]);
    // the same scheme and parameters as a real account's, so the scrypt costs the same
    const params = (hash: string) => hash.split("$").slice(0, 3);
    expect(params(UNKNOWN_ACCOUNT_HASH)).toEqual(params(realHash));
    expect(Buffer.from(UNKNOWN_ACCOUNT_HASH.split("$")[4]!, "base64url")).toHaveLength(
      Buffer.from(realHash.split("$")[4]!, "base64url").length,
    );
  });

  it("a locked address checks no hash, for a real name and an unknown one alike", async () => {
    await registerUser(h, "worker02", "right123");
    for (let i = 0; i < 5; i++) {
      await login("worker02", "wrong123", "10.50.0.2");
      await login("nobody02", "wrong123", "10.50.0.2");
    }
    checks.hashes.length = 0;
    expect((await login("worker02", "right123", "10.50.0.2")).err).toBe("login_locked");
    expect((await login("nobody02", "right123", "10.50.0.2")).err).toBe("login_locked");
    expect(checks.hashes).toEqual([]);
  });
});
