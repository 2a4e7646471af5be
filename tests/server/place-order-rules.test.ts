import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Database, openDatabase } from "#server/db/client";
import { isViolation, SQLSTATE } from "#server/db/errors";
import { placeChargedOrder } from "#server/db/ledger";
import { ledger, orders, recharges, userLimits, users, withdrawals } from "#server/db/schema";
import { seedProducts } from "#server/market/seed-products";

import { fixtureTokenHash, insertUserWithCash, orderToPlace, placeChecks, rows } from "./place-order-fixtures";
import { startTempPostgres, type TempPostgres } from "./postgres-server";

// The rules the database itself holds, on both databases the server runs on: place_order as the migrations
// create it (the balance boundary, the limits row it reads), and the money tables' foreign keys to users.
describe.each(["pglite", "postgres"] as const)("database rules on %s", (kind) => {
  let postgres: TempPostgres | undefined;
  let database: Database;
  let n = 0;
  beforeAll(async () => {
    if (kind === "postgres") postgres = await startTempPostgres();
    database = await openDatabase({ databaseUrl: postgres?.url, dataDir: null });
    await seedProducts(database.db);
    await database.db.execute(sql`insert into ticks (product_id, time, price) values (1, 1800000000, 100000)`);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    postgres?.stop();
  });

  async function userWithCash(cash: number): Promise<number> {
    n++;
    return insertUserWithCash(database.db, `rules${n}`, `RULES${n}`, cash);
  }
  // product 1 as seeded (simulated, 30 s at 0.8), with one recorded tick at the orders' open time
  const order = orderToPlace;
  const checks = placeChecks;

  async function account(userId: number) {
    const [user] = await database.db.select({ cash: users.cash }).from(users).where(eq(users.id, userId));
    const written = await database.db.select().from(ledger).where(eq(ledger.userId, userId));
    const placed = await database.db.select().from(orders).where(eq(orders.userId, userId));
    return { cash: user!.cash, ledgerRows: written.length, orders: placed.length };
  }

  describe("place_order", () => {
    it("refuses as `balance` a balance that covers the stake but not stake + fee, and writes nothing", async () => {
      for (const cash of [1_000, 1_001, 1_009]) {
        const userId = await userWithCash(cash);
        const answer = await placeChargedOrder(database.db, order(userId, `between-${cash}`), checks);
        expect(answer, `cash ${cash}`).toMatchObject({ outcome: "balance", orderId: null });
        expect(await account(userId)).toEqual({ cash, ledgerRows: 0, orders: 0 });
      }
    });

    it("opens an order that stake + fee use up exactly, leaving nothing", async () => {
      const userId = await userWithCash(1_010);
      expect((await placeChargedOrder(database.db, order(userId, "exact"), checks)).outcome).toBe("created");
      expect(await account(userId)).toEqual({ cash: 0, ledgerRows: 2, orders: 1 });
    });

    it("refuses as `session` a session that is gone, expired or another user's, or an account locked now, and writes nothing", async () => {
      const userId = await userWithCash(10_000);
      const other = await userWithCash(10_000);
      const base = order(userId, "session-check");
      const refusedAs = async (change: Partial<typeof base>) =>
        (await placeChargedOrder(database.db, { ...base, ...change }, checks)).outcome;
      expect(await refusedAs({ tokenHash: "no-such-session" })).toBe("session");
      expect(await refusedAs({ tokenHash: fixtureTokenHash(other) })).toBe("session");
      // a session ends at its expires_at, by the server's clock (the order's open time)
      await database.db.execute(sql`update sessions set expires_at = ${base.openTime} where token_hash = ${base.tokenHash}`);
      expect(await refusedAs({})).toBe("session");
      await database.db.execute(sql`update sessions set expires_at = ${base.openTime + 1} where token_hash = ${base.tokenHash}`);
      // locked until an instant still ahead, or with no end (until an operator unlocks): refused
      await database.db.execute(sql`update users set locked = true, locked_until = ${base.openTime + 1} where id = ${userId}`);
      expect(await refusedAs({})).toBe("session");
      await database.db.execute(sql`update users set locked_until = null where id = ${userId}`);
      expect(await refusedAs({})).toBe("session");
      expect(await account(userId)).toEqual({ cash: 10_000, ledgerRows: 0, orders: 0 });
      // a lock whose end has passed no longer counts
      await database.db.execute(sql`update users set locked_until = ${base.openTime} where id = ${userId}`);
      expect(await refusedAs({})).toBe("created");
    });

    it("reads the user's limits row in the call (a row with nothing set limits nothing)", async () => {
      const userId = await userWithCash(10_000);
      await database.db.insert(userLimits).values({ userId });
      // the reads this transaction made so far, per table: place_order's read of user_limits is among them
      const limitsReads = async (tx: Pick<Database["db"], "execute">) => {
        const [stats] = rows<{ reads: string | null }>(
          await tx.execute(
            sql`select coalesce(sum(seq_scan + coalesce(idx_scan, 0)), 0) as reads from pg_stat_xact_user_tables where relname = 'user_limits'`,
          ),
        );
        return Number(stats?.reads ?? 0);
      };
      await database.db.transaction(async (tx) => {
        const before = await limitsReads(tx);
        expect((await placeChargedOrder(tx, order(userId, "limits-read"), checks)).outcome).toBe("created");
        expect(await limitsReads(tx)).toBeGreaterThan(before);
      });
      expect(await account(userId)).toEqual({ cash: 10_000 - 1_010, ledgerRows: 2, orders: 1 });
    });
  });

  describe("foreign keys to users", () => {
    const missing = 987_654;
    const refused = async (table: string, write: () => Promise<unknown>) => {
      const error = await write().then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(isViolation(error, SQLSTATE.foreignKeyViolation, `${table}_user_id_users_id_fk`), table).toBe(true);
    };

    it("refuses a ledger row, an order, a recharge or a withdrawal of a user who does not exist", async () => {
      await refused("ledger", () =>
        database.db.insert(ledger).values({ userId: missing, account: "cash", delta: 100, reason: "seed", reference: null, createdAt: 0 }),
      );
      await refused("orders", () =>
        database.db.insert(orders).values({
          userId: missing,
          productId: 1,
          requestId: "orphan",
          direction: "up",
          amount: 1_000,
          fee: 10,
          seconds: 30,
          payoutBps: 8_000,
          openPrice: 100_000,
          openTickTime: 1_800_000_000,
          openTime: 1_800_000_000,
          expiresAt: 1_800_000_030,
        }),
      );
      await refused("recharges", () =>
        database.db
          .insert(recharges)
          .values({ userId: missing, channelId: 1, amount: 100_00, screenshot: "/api/files/x.png", createdAt: 0 }),
      );
      await refused("withdrawals", () =>
        database.db.insert(withdrawals).values({ userId: missing, cardId: 1, amount: 100_00, fee: 100, actual: 99_00, createdAt: 0 }),
      );
    });

    it("takes the same rows for a user who exists", async () => {
      const userId = await userWithCash(0);
      await database.db.insert(recharges).values({ userId, channelId: 1, amount: 100_00, screenshot: "/api/files/y.png", createdAt: 0 });
      await database.db.insert(withdrawals).values({ userId, cardId: 1, amount: 100_00, fee: 100, actual: 99_00, createdAt: 0 });
      expect((await database.db.select().from(recharges).where(eq(recharges.userId, userId))).length).toBe(1);
    });
  });
});
