import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { operators } from "#server/db/schema";
import { prepareFirstOperator } from "#server/modules/operators/setup-file";

import { api, type Harness, startHarness } from "./harness";

/**
 * The first operator: none is seeded, so nobody signs in with a published password; the first
 * admin comes from a one-time code the server writes to a file only its owner reads, valid while no operator
 * exists. (tests/crash/first-start.test.ts checks the real start-up: its log, its seeding.)
 */
let h: Harness;
let dataDir: string;
beforeAll(async () => {
  h = await startHarness();
  dataDir = mkdtempSync(join(tmpdir(), "trading-setup-"));
}, 120_000);
afterAll(async () => {
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the first operator", () => {
  it("is no seeded account: a fresh platform has no operator at all", async () => {
    expect(await h.database.db.select().from(operators)).toEqual([]);
    for (const password of ["demo-admin-1234", "admin"]) {
      expect((await api(h, "POST", "/api/ops/login", { username: "admin", password })).body.err).toBe("ops_login_failed");
    }
  });

  it("comes from a code in a 0600 file of the data folder, which a start with an operator removes", async () => {
    const file = join(dataDir, "ops-setup-code");
    // a file left world-readable by anything before is replaced, not reused with its mode
    writeFileSync(file, "stale\n", { mode: 0o644 });
    expect(await prepareFirstOperator(h.database.db, dataDir)).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const first = readFileSync(file, "utf8").trim();
    // each start issues a new code; the earlier one stops working
    await prepareFirstOperator(h.database.db, dataDir);
    const code = readFileSync(file, "utf8").trim();
    expect(code).not.toBe(first);
    const setup = (setupCode: string, username: string) =>
      api(h, "POST", "/api/ops/setup", { setupCode, username, password: "first-admin-pass" });
    expect((await setup(first, "root0")).body.err).toBe("ops_setup_invalid");
    expect((await setup(code, "root1")).body.data).toMatchObject({ username: "root1", role: "admin" });
    expect((await setup(code, "root2")).body.err).toBe("ops_setup_invalid");
    expect(await prepareFirstOperator(h.database.db, dataDir)).toBeNull();
    expect(existsSync(file)).toBe(false);
  });
});
