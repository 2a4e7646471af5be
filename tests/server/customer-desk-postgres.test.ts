import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";
import { opsEndpoints } from "#contract/ops";
import { placeChargedOrder } from "#server/db/ledger";

import { api, placeOrder, productId, rid } from "./harness";
import { insertUserWithCash, orderToPlace, placeChecks, rows } from "./place-order-fixtures";
import { type PostgresPair, startPostgresPair } from "./postgres-pair";
import { type FundedUser, fundedUser } from "./security/funded-user";
import { presetMoneyRules, staff } from "./staff";

/**
 * A freeze on PostgreSQL with two server processes: set through one process, every money path the customer
 * starts is refused on the other (nothing of the freeze is cached), and `place_order` reads it under the user's
 * row lock, so a freeze committed while an order waited for that lock refuses the order.
 */
let pair: PostgresPair;
let customer: FundedUser;

beforeAll(async () => {
  pair = await startPostgresPair();
  await presetMoneyRules(pair.leader, { windowStart: "00:00", windowEnd: "24:00", dailyCount: 100 });
  customer = await fundedUser(pair.leader, "pgdesk01", "5000");
}, 120_000);
afterAll(() => pair?.close());

describe("a frozen customer on PostgreSQL", () => {
  it("frozen through one process, is refused orders, plans, exchanges and withdrawals on the other", async () => {
    const { leader, follower } = pair;
    const frozen = await api(
      follower,
      opsEndpoints.setCustomerFrozen,
      { account: customer.account, frozen: "1" },
      await staff(leader, "finance"),
    );
    expect(frozen.body.code, frozen.body.msg).toBe(1);
    await leader.advance(1);
    const btc = productId(leader.feed, "BTCUSDT");
    expect((await placeOrder(leader, customer.token, btc)).body.err).toBe("account_frozen");
    const exchange = await api(
      leader,
      endpoints.exchange,
      { from: "cash", amount: "10", payPassword: customer.payPassword, requestId: rid() },
      { token: customer.token },
    );
    expect(exchange.body.err).toBe("account_frozen");
    const plans = (await api(leader, endpoints.plans, {}, { token: customer.token })).body.data as Array<{ id: number }>;
    const joined = await api(
      leader,
      endpoints.joinPlan,
      { requestId: rid(), planId: String(plans[0]!.id), amount: "1000", payPassword: customer.payPassword },
      { token: customer.token },
    );
    expect(joined.body.err).toBe("account_frozen");
    const withdrawal = await api(
      leader,
      endpoints.withdraw,
      { amount: "100", cardId: String(customer.cardId), payPassword: customer.payPassword, requestId: rid() },
      { token: customer.token },
    );
    expect(withdrawal.body.err).toBe("account_frozen");

    await api(follower, opsEndpoints.setCustomerFrozen, { account: customer.account, frozen: "0" }, await staff(leader, "finance"));
    await leader.advance(1);
    expect((await placeOrder(leader, customer.token, btc)).body.code).toBe(1);
  });

  it("place_order waiting for the user's row sees a freeze committed meanwhile, and writes nothing", async () => {
    const { leader, follower } = pair;
    await leader.advance(1);
    const userId = await insertUserWithCash(leader.database.db, "pgdesk-race", "PGRACE1", 100_000);
    const order = {
      ...orderToPlace(userId, "frozen-while-waiting"),
      productId: productId(leader.feed, "BTCUSDT"),
      openTime: leader.clock.now,
    };
    // the other process freezes the account as the console's freeze does: under the user's row lock
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const freezing = follower.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from users where id = ${userId} for update`);
      await tx.execute(sql`update users set account_frozen_at = ${leader.clock.now} where id = ${userId}`);
      locked();
      await held;
    });
    await lockTaken;
    const placing = placeChargedOrder(leader.database.db, order, placeChecks);
    // the call is past its session check and waiting for the row when the freeze commits
    await waitForLockWait(pair, userId);
    release();
    await freezing;
    expect((await placing).outcome).toBe("frozen");
    const [counts] = rows<{ orders: string; ledger: string; cash: string }>(
      await leader.database.db.execute(
        sql`select (select count(*) from orders where user_id = ${userId}) as orders,
                   (select count(*) from ledger where user_id = ${userId}) as ledger,
                   (select cash from users where id = ${userId}) as cash`,
      ),
    );
    expect(counts).toEqual({ orders: "0", ledger: "0", cash: "100000" });
  });
});

/** Until a backend of the database waits for a lock (the order's call, blocked on the user's row). */
async function waitForLockWait(site: PostgresPair, userId: number) {
  for (let tries = 0; tries < 600; tries++) {
    const waiting = await site.rows<{ count: string }>(
      `select count(*) from pg_stat_activity where wait_event_type = 'Lock' and query like '%place_order%'`,
    );
    if (Number(waiting[0]!.count) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no order call of user ${userId} ever waited for the row lock`);
}
