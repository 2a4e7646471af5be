import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Database, openDatabase } from "#server/db/client";
import { databaseError, isCheckViolation, isUniqueViolation, SQLSTATE } from "#server/db/errors";
import { users } from "#server/db/schema";

import { startTempPostgres, type TempPostgres } from "./postgres-server";

const user = (account: string) => ({ account, passwordHash: "x", phone: "13800138000", inviteCode: account.toUpperCase(), createdAt: 1 });

/** What `work` threw (it must throw). */
async function thrown(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("expected the statement to fail");
}

function violations(open: () => Promise<{ database: Database; stop?: () => void }>) {
  let database: Database;
  let stop: (() => void) | undefined;
  beforeAll(async () => {
    ({ database, stop } = await open());
    await database.db.insert(users).values(user("taken"));
    await database.db.execute(sql`create table error_probe (n integer constraint error_probe_positive check (n > 0))`);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    stop?.();
  });

  it("names the unique constraint or index a drizzle insert broke, also from inside a transaction", async () => {
    const plain = await thrown(() => database.db.insert(users).values(user("taken")));
    expect(databaseError(plain)).toEqual({ code: SQLSTATE.uniqueViolation, constraint: "users_account_unique" });
    expect(isUniqueViolation(plain)).toBe(true);
    expect(isUniqueViolation(plain, "users_account_unique")).toBe(true);
    expect(isUniqueViolation(plain, ["bank_cards_user_number", "users_account_unique"])).toBe(true);
    expect(isUniqueViolation(plain, "recharges_upload")).toBe(false);
    expect(isCheckViolation(plain)).toBe(false);

    // another letter case is the same account: the expression index refuses it
    const folded = await thrown(() => database.db.transaction((tx) => tx.insert(users).values({ ...user("TAKEN"), inviteCode: "OTHER" })));
    expect(isUniqueViolation(folded, ["users_account_unique", "users_account_lower_unique"])).toBe(true);
    expect(databaseError(folded)?.constraint).toBe("users_account_lower_unique");
  });

  it("names a check constraint broken by raw SQL, and tells other failures apart", async () => {
    const check = await thrown(() => database.db.execute(sql`insert into error_probe (n) values (0)`));
    expect(isCheckViolation(check, "error_probe_positive")).toBe(true);
    expect(isUniqueViolation(check)).toBe(false);

    const syntax = await thrown(() => database.db.execute(sql`selec 1`));
    expect(databaseError(syntax)?.code).toBe("42601");
    expect(isUniqueViolation(syntax)).toBe(false);
    expect(isCheckViolation(syntax)).toBe(false);

    for (const other of [new Error('duplicate key value violates unique constraint "users_account_unique"'), undefined, "23505"]) {
      expect(isUniqueViolation(other)).toBe(false);
    }
  });
}

describe("constraint violations on PGlite", () => violations(async () => ({ database: await openDatabase({ dataDir: null }) })));

describe("constraint violations on PostgreSQL", () => {
  let postgres: TempPostgres;
  violations(async () => {
    postgres = await startTempPostgres();
    return { database: await openDatabase({ databaseUrl: postgres.url, dataDir: null }), stop: () => postgres.stop() };
  });
});
