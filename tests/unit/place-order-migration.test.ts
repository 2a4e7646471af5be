import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { DEFAULT_PAYOUT_CAP_BPS, PAYOUT_RATE_LIMIT_BPS } from "#contract/constants";

// place_order is created by migrations, not at start-up: the newest migration that creates it is the one in force
const migrations = "server/db/migrations";
const creating = readdirSync(migrations)
  .filter((file) => file.endsWith(".sql"))
  .sort()
  .filter((file) => /create\s+(?:or\s+replace\s+)?function\s+place_order\b/i.test(readFileSync(join(migrations, file), "utf8")));
const newest = readFileSync(join(migrations, creating.at(-1)!), "utf8");

describe("place_order as the migrations create it", () => {
  it("is dropped before each new definition, so no older argument list stays behind as an overload", () => {
    expect(creating.length).toBeGreaterThan(0);
    for (const file of creating) {
      const text = readFileSync(join(migrations, file), "utf8");
      const drop = text.search(/drop\s+function\s+if\s+exists\s+place_order\s*\(/i);
      expect(drop, file).toBeGreaterThanOrEqual(0);
      expect(drop, file).toBeLessThan(text.search(/create\s+(?:or\s+replace\s+)?function\s+place_order\b/i));
    }
  });

  it("holds the payout cap's default and its absolute limit as contract/constants.ts has them", () => {
    const cap = /payoutCapBps'\)::integer from settings s where s\.key = 'money'\), (\d+)\)/.exec(newest);
    expect(Number(cap?.[1])).toBe(DEFAULT_PAYOUT_CAP_BPS);
    const limit = /payout > cap or payout >= (\d+)/.exec(newest);
    expect(Number(limit?.[1])).toBe(PAYOUT_RATE_LIMIT_BPS);
  });

  it("reads the user's limits row after the user's row lock", () => {
    const lock = newest.search(/from users where users\.id = p_user_id for update/);
    // the limits are read by order_limit_refusal, which place_order calls with the balance read under the lock
    const limits = newest.search(/from order_limit_refusal\(p_user_id, account\.cash/);
    expect(lock).toBeGreaterThan(0);
    expect(limits).toBeGreaterThan(lock);
    expect(newest).toMatch(/order_limit_refusal[\s\S]*select \* into l from user_limits u where u\.user_id = p_user_id/);
  });
});
