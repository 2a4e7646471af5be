import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";
import { opsEndpoints } from "#contract/ops";
import { settleDueOrders } from "#server/jobs/settlement";

import { api, type Harness, placeOrder, productId, registerUser, rid } from "./harness";
import { addOperator, type OpsSite, signedIn } from "./ops-sites";
import { type PostgresPair, startPostgresPair } from "./postgres-pair";
import { type FundedUser, fundedUser, uploadPng } from "./security/funded-user";
import { presetMoneyRules, staff as staffSession } from "./staff";

/**
 * Every claim about two things at once, on PostgreSQL with two apps (a pool each), where two transactions really
 * run side by side. Where a race could be won by timing alone, a third connection holds the row both must
 * reach, lets both get there (PostgreSQL shows them waiting), and only then lets go: so the checks after a
 * lock wait are what is tested, every run.
 */
let pair: PostgresPair;
let leader: Harness;
let follower: Harness;
let holder: pg.Client;
beforeAll(async () => {
  pair = await startPostgresPair();
  leader = pair.leader;
  follower = pair.follower;
  holder = new pg.Client({ connectionString: pair.postgres.url });
  await holder.connect();
  // withdrawals are allowed all day here; the daily count is not what these tests are about unless they say so
  await presetMoneyRules(leader, { windowStart: "00:00", windowEnd: "24:00", dailyCount: 20 });
}, 120_000);
afterAll(async () => {
  await holder?.end();
  await pair?.close();
});

/** A finance person (signed in once on the shared database) acting through either app. */
const ops = async (h: Harness, endpoint: (typeof opsEndpoints)[keyof typeof opsEndpoints], fields: Record<string, string>) =>
  api(h, endpoint, fields, await staffSession(leader, "finance", "race-finance"));
const cents = (text: string) => Math.round(Number(text) * 100);
const wallet = async (token: string) => (await api(leader, endpoints.wallet, {}, { token })).body.data;
/** Six withdrawals of `amount` by one customer, sent alternately to the two processes. */
const withdrawalsFromBoth = (customer: FundedUser, amount: string) =>
  Array.from({ length: 6 }, (_, i) =>
    api(
      i % 2 ? follower : leader,
      endpoints.withdraw,
      { requestId: rid(), amount, cardId: String(customer.cardId), payPassword: customer.payPassword },
      { token: customer.token },
    ),
  );
const errors = (answers: Array<{ body: { code: number; err?: string } }>) => answers.map((a) => a.body.err ?? "ok").sort();

/** How many other connections wait for a lock right now. */
async function lockWaiters(): Promise<number> {
  const result = await holder.query<{ n: number }>(
    "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
  );
  return result.rows[0]!.n;
}

/**
 * Holds `lockSql`'s rows in a transaction of the holder's own while the race's requests start, waits until
 * `waiting` of them wait on a lock (or one is over without waiting), then lets go and answers them all.
 */
async function heldRace<T>(lockSql: string, waiting: number, race: () => Array<Promise<T>>): Promise<T[]> {
  await holder.query("begin");
  let raced: Array<Promise<T>>;
  try {
    await holder.query(lockSql);
    let over = false;
    raced = race();
    for (const one of raced) one.then(() => (over = true)).catch(() => (over = true));
    while (!over && (await lockWaiters()) < waiting) await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    await holder.query("commit");
  }
  return Promise.all(raced);
}

async function ledgerRows(reference: string): Promise<number> {
  const [row] = await pair.rows<{ n: number }>(`select count(*)::int as n from ledger where reference = '${reference}'`);
  return row!.n;
}

async function userIdOf(account: string): Promise<number> {
  const [row] = await pair.rows<{ id: number }>(`select id from users where account = '${account}'`);
  return row!.id;
}

let accounts = 0;
const account = (prefix: string) => `${prefix}${Date.now() % 100_000}${accounts++}`;

describe("settlement from two processes at once", () => {
  it("settles exactly once when settlement runs twice at the same time", async () => {
    const trader = await fundedUser(leader, account("settle"), "1000");
    const btc = productId(leader.feed, "BTCUSDT");
    const before = cents((await wallet(trader.token)).cash);
    const opened = await placeOrder(leader, trader.token, btc);
    expect(opened.body.code).toBe(1);
    const price = leader.feed.quote(btc)!.price;
    leader.provider.queued.set(btc, Array(40).fill(price + 100));
    // up to the reveal of its exit minute, when it is due
    while (leader.clock.now < opened.body.data.resultAt!) {
      leader.clock.now += 1;
      await leader.feed.advance(leader.clock.now);
    }
    // the winner's credit takes the customer's row: held, one settler closes the order and waits there, and
    // the other reaches the order meanwhile (it must skip it, or find it closed once the first commits)
    const userId = await userIdOf(trader.account);
    const counts = await heldRace(`select id from users where id = ${userId} for update`, 2, () => [
      settleDueOrders(leader.database.db, leader.clock.now),
      settleDueOrders(follower.database.db, leader.clock.now),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await settleDueOrders(leader.database.db, leader.clock.now)).toBe(0);
    expect(await ledgerRows(`order:${opened.body.data.id}`)).toBe(3); // stake, fee, one credit
    expect(cents((await wallet(trader.token)).cash) - before).toBe(79_00);
  });

  it("two settlers over the same due orders settle each once and keep every balance equal to its ledger", async () => {
    const traders = [];
    for (let i = 0; i < 3; i++) traders.push(await fundedUser(leader, account("overlap"), "2000"));
    const btc = productId(leader.feed, "BTCUSDT");
    const placed: number[] = [];
    let due = 0;
    for (let round = 0; round < 4; round++) {
      for (const trader of traders) {
        const answer = await placeOrder(leader, trader.token, btc, { direction: round % 2 ? "down" : "up" });
        expect(answer.body.code).toBe(1);
        placed.push(answer.body.data.id);
        due = Math.max(due, answer.body.data.resultAt!);
      }
    }
    const price = leader.feed.quote(btc)!.price;
    leader.provider.queued.set(btc, Array(40).fill(price + 100));
    // up to the reveal of their exit minute
    while (leader.clock.now < due) {
      leader.clock.now += 1;
      await leader.feed.advance(leader.clock.now);
    }
    // small batches, so the two walk the same ids side by side, each batch in a transaction of its own
    const counts = await Promise.all([
      settleDueOrders(leader.database.db, leader.clock.now, 2),
      settleDueOrders(follower.database.db, leader.clock.now, 3),
      settleDueOrders(leader.database.jobsDb, leader.clock.now, 1),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(placed.length);
    const rows = await pair.rows<{ id: number; status: string; credits: number }>(
      `select o.id, o.status, (select count(*)::int from ledger l where l.reference = 'order:' || o.id and l.reason = 'order_settlement') as credits
       from orders o where o.id in (${placed.join(",")}) order by o.id`,
    );
    expect(rows.every((row) => row.status === "closed")).toBe(true);
    // the up orders won (one credit each), the down orders lost (none)
    expect(rows.map((row) => row.credits).reduce((a, b) => a + b, 0)).toBe(placed.length / 2);
    expect(rows.every((row) => row.credits <= 1)).toBe(true);
    const drift = await pair.rows<{ id: number }>(
      `select u.id from users u where u.cash <> coalesce((select sum(delta) from ledger l where l.user_id = u.id and l.account = 'cash'), 0)`,
    );
    expect(drift).toEqual([]);
  });
});

describe("withdrawal requests from two processes at once", () => {
  it("concurrent withdrawals cannot overdraw", async () => {
    const customer = await fundedUser(leader, account("overdraw"), "500");
    const answers = await Promise.all(withdrawalsFromBoth(customer, "200"));
    expect(errors(answers)).toEqual([
      "balance_insufficient",
      "balance_insufficient",
      "balance_insufficient",
      "balance_insufficient",
      "ok",
      "ok",
    ]);
    expect(await wallet(customer.token)).toMatchObject({ cash: "100.00", frozen: "400.00" });
  });

  it("concurrent withdrawals keep to the daily count", async () => {
    await presetMoneyRules(leader, { dailyCount: 3 });
    try {
      const customer = await fundedUser(leader, account("count"), "5000");
      const userId = await userIdOf(customer.account);
      // the customer's row held: all six have passed their checks outside the lock and wait for it together
      const answers = await heldRace(`select id from users where id = ${userId} for update`, 6, () => withdrawalsFromBoth(customer, "100"));
      expect(errors(answers)).toEqual(["ok", "ok", "ok", "withdraw_count_limit", "withdraw_count_limit", "withdraw_count_limit"]);
      expect(await wallet(customer.token)).toMatchObject({ cash: "4700.00", frozen: "300.00" });
    } finally {
      await presetMoneyRules(leader, { dailyCount: 20 });
    }
  });
});

describe("recharge reviews from two processes at once", () => {
  it("approval credits cash exactly once, even when approved three times at once", async () => {
    const customer = await fundedUser(leader, account("recharge"), "100");
    const channel = (await api(leader, endpoints.rechargeInfo, {}, { token: customer.token })).body.data.channels[0]!.id;
    const uploaded = await uploadPng(leader, customer.token);
    const record = await api(
      leader,
      endpoints.recharge,
      { requestId: rid(), channelId: String(channel), amount: "300", screenshot: uploaded },
      { token: customer.token },
    );
    expect(record.body.code).toBe(1);
    const id = record.body.data.id;
    const answers = await heldRace(`select id from recharges where id = ${id} for update`, 3, () =>
      [leader, follower, leader].map((h) => ops(h, opsEndpoints.reviewRecharge, { id: String(id), decision: "approve" })),
    );
    expect(errors(answers)).toEqual(["already_reviewed", "already_reviewed", "ok"]);
    expect((await wallet(customer.token)).cash).toBe("400.00");
    expect(await ledgerRows(`recharge:${id}`)).toBe(1);
  });
});

describe("withdrawal reviews from two processes at once", () => {
  const site = (): OpsSite => ({
    kind: "postgres",
    apps: [leader.app, follower.app],
    db: leader.database.db,
    clock: leader.clock,
    close: async () => {},
  });

  /** A customer with two withdrawals of `amount` waiting, so frozen could cover a double payment of the first. */
  async function twoPending(amount: string, before?: () => Promise<unknown>) {
    const customer = await fundedUser(leader, account("review"), "9000");
    await before?.();
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const answer = await api(
        leader,
        endpoints.withdraw,
        { requestId: rid(), amount, cardId: String(customer.cardId), payPassword: customer.payPassword },
        { token: customer.token },
      );
      expect(answer.body.code).toBe(1);
      ids.push(answer.body.data.id);
    }
    return { customer, first: ids[0]!, balances: async () => wallet(customer.token) };
  }

  /** Both reviews read the row as waiting for review, then wait on its lock together. */
  const reviewsAtOnce = (id: number, reviews: Array<{ h: Harness; fields: Record<string, string>; headers: Record<string, string> }>) =>
    heldRace(`select id from withdrawals where id = ${id} for update`, reviews.length, () =>
      reviews.map((review) => api(review.h, opsEndpoints.reviewWithdrawal, { id: String(id), ...review.fields }, review.headers)),
    );

  it("approve ∥ approve pays out once", async () => {
    const { first, balances } = await twoPending("300");
    const token = await staffSession(leader, "finance", "race-finance");
    const answers = await reviewsAtOnce(first, [
      { h: leader, fields: { decision: "approve" }, headers: token },
      { h: follower, fields: { decision: "approve" }, headers: token },
    ]);
    expect(errors(answers)).toEqual(["already_reviewed", "ok"]);
    expect(await balances()).toMatchObject({ cash: "8400.00", frozen: "300.00" });
    expect(await ledgerRows(`withdrawal:${first}`)).toBe(3); // cash and frozen at the request, one payment
  });

  it("approve ∥ reject: one decision stands and the money follows it", async () => {
    const { first, balances } = await twoPending("300");
    const token = await staffSession(leader, "finance", "race-finance");
    const answers = await reviewsAtOnce(first, [
      { h: leader, fields: { decision: "approve" }, headers: token },
      { h: follower, fields: { decision: "reject", reason: "name on the card differs" }, headers: token },
    ]);
    expect(errors(answers)).toEqual(["already_reviewed", "ok"]);
    const [row] = await pair.rows<{ status: string }>(`select status from withdrawals where id = ${first}`);
    if (row!.status === "success") {
      expect(await balances()).toMatchObject({ cash: "8400.00", frozen: "300.00" });
      expect(await ledgerRows(`withdrawal:${first}`)).toBe(3);
    } else {
      expect(row!.status).toBe("failed");
      expect(await balances()).toMatchObject({ cash: "8700.00", frozen: "300.00" });
      expect(await ledgerRows(`withdrawal:${first}`)).toBe(4); // and the return: frozen out, cash in
    }
  });

  it("two first approvers at once: one is recorded, and only the other may then pay out", async () => {
    try {
      // funded first: the customer's recharge is above the threshold too
      const { first, balances } = await twoPending("1500", () => ops(leader, opsEndpoints.setMoneyRules, { dualApprovalAbove: "1000" }));
      const staff = site();
      const anna = await signedIn(staff, await addOperator(staff, `anna${accounts++}`, "finance"), "10.9.1.1", leader.app);
      const ben = await signedIn(staff, await addOperator(staff, `ben${accounts++}`, "finance"), "10.9.1.2", follower.app);
      const answers = await reviewsAtOnce(first, [
        { h: leader, fields: { decision: "approve" }, headers: { cookie: anna } },
        { h: follower, fields: { decision: "approve" }, headers: { cookie: ben } },
      ]);
      expect(errors(answers)).toEqual(["already_reviewed", "ok"]);
      expect(answers.find((a) => a.body.code === 1)!.body.data.secondApprovalNeeded).toBe(true);
      expect(await balances()).toMatchObject({ frozen: "3000.00" });
      const [row] = await pair.rows<{ first_approved_by: string }>(`select first_approved_by from withdrawals where id = ${first}`);
      const recorded = answers[0]!.body.code === 1 ? { cookie: anna, h: leader } : { cookie: ben, h: follower };
      const other = recorded.cookie === anna ? { cookie: ben, h: follower } : { cookie: anna, h: leader };
      expect(row!.first_approved_by).toMatch(/^operator:/);
      const again = await api(
        recorded.h,
        opsEndpoints.reviewWithdrawal,
        { id: String(first), decision: "approve" },
        { cookie: recorded.cookie },
      );
      expect(again.body.err).toBe("second_approval_required");
      const second = await api(
        other.h,
        opsEndpoints.reviewWithdrawal,
        { id: String(first), decision: "approve" },
        { cookie: other.cookie },
      );
      expect(second.body).toMatchObject({ code: 1, data: { status: "success", secondApprovalNeeded: false } });
      expect(await balances()).toMatchObject({ frozen: "1500.00" });
    } finally {
      await presetMoneyRules(leader, { dualApprovalAbove: 0 });
    }
  });
});

describe("payout marks and adjustments from two processes at once", () => {
  const finance = () => staffSession(leader, "finance", "race-finance");
  const reconciled = async () => (await api(leader, opsEndpoints.reconcile, {}, await finance())).body.data.ok;

  it("paid ∥ failed on one approved withdrawal: exactly one mark stands, and the money follows it", async () => {
    const customer = await fundedUser(leader, account("payout"), "1000");
    const asked = await api(
      leader,
      endpoints.withdraw,
      { requestId: rid(), amount: "400", cardId: String(customer.cardId), payPassword: customer.payPassword },
      { token: customer.token },
    );
    const id = asked.body.data.id as number;
    expect((await ops(leader, opsEndpoints.reviewWithdrawal, { id: String(id), decision: "approve" })).body.code).toBe(1);
    const finance = await staffSession(leader, "finance", "race-finance");
    const answers = await heldRace(`select id from withdrawals where id = ${id} for update`, 2, () => [
      api(leader, opsEndpoints.markWithdrawalPaid, { id: String(id), reference: `RACE-${id}` }, finance),
      api(follower, opsEndpoints.markWithdrawalFailed, { id: String(id), reason: "bank returned it" }, finance),
    ]);
    expect(errors(answers)).toEqual(["ok", "payout_already_marked"]);
    const [row] = await pair.rows<{ payout_state: string }>(`select payout_state from withdrawals where id = ${id}`);
    if (row!.payout_state === "paid") {
      expect(await wallet(customer.token)).toMatchObject({ cash: "600.00", frozen: "0.00" });
      expect(await ledgerRows(`withdrawal:${id}`)).toBe(3);
    } else {
      expect(row!.payout_state).toBe("failed");
      expect(await wallet(customer.token)).toMatchObject({ cash: "1000.00", frozen: "0.00" });
      expect(await ledgerRows(`withdrawal:${id}`)).toBe(4); // and the return to cash
    }
    expect(await reconciled()).toBe(true);
  });

  it("apply ∥ apply of one adjustment credits once", async () => {
    const customer = await fundedUser(leader, account("adjust"), "100");
    const proposed = await api(
      leader,
      opsEndpoints.proposeAdjustment,
      { account: customer.account, direction: "credit", amount: "50", reason: "race credit" },
      await finance(),
    );
    const id = proposed.body.data.id;
    const admin = await staffSession(leader, "admin", "race-admin");
    const userId = await userIdOf(customer.account);
    const answers = await heldRace(`select id from users where id = ${userId} for update`, 2, () => [
      api(leader, opsEndpoints.decideAdjustment, { id: String(id), decision: "apply" }, admin),
      api(follower, opsEndpoints.decideAdjustment, { id: String(id), decision: "apply" }, admin),
    ]);
    expect(errors(answers)).toEqual(["already_reviewed", "ok"]);
    expect(await wallet(customer.token)).toMatchObject({ cash: "150.00" });
    expect(await ledgerRows(`adjustment:${id}`)).toBe(1);
    expect(await reconciled()).toBe(true);
  });

  it("two corrections of one recharge applied at once stay within its amount", async () => {
    const customer = await fundedUser(leader, account("correct"), "100");
    const userId = await userIdOf(customer.account);
    const [recharge] = await pair.rows<{ id: number }>(`select id from recharges where user_id = ${userId} and status = 'success'`);
    const propose = async () =>
      (
        await api(
          leader,
          opsEndpoints.proposeAdjustment,
          { account: customer.account, direction: "debit", amount: "60", reason: "credited twice", recharge: String(recharge!.id) },
          await finance(),
        )
      ).body.data.id;
    const [first, second] = [await propose(), await propose()];
    const admin = await staffSession(leader, "admin", "race-admin");
    const answers = await heldRace(`select id from users where id = ${userId} for update`, 2, () => [
      api(leader, opsEndpoints.decideAdjustment, { id: String(first), decision: "apply" }, admin),
      api(follower, opsEndpoints.decideAdjustment, { id: String(second), decision: "apply" }, admin),
    ]);
    expect(errors(answers)).toEqual(["correction_exceeded", "ok"]);
    expect(await wallet(customer.token)).toMatchObject({ cash: "40.00" });
    expect(await reconciled()).toBe(true);
  });
});

describe("password resets from two processes at once", () => {
  it("one SMS code resets the password once: the second reset with it is refused and its password never works", async () => {
    const name = account("reset");
    const { phone } = await registerUser(leader, name, "oldpass123");
    leader.clock.now += 120;
    follower.clock.now = leader.clock.now;
    expect((await api(leader, endpoints.forgotPassword, { phone })).body.code).toBe(1);
    const code = leader.sentSms.filter((sms) => sms.phone === phone).at(-1)!.code;
    // the code's row is held: both resets find it and wait there, and the second must see it spent
    const answers = await heldRace(`select id from sms_codes where phone = 'reset:${phone}' for update`, 2, () => [
      api(leader, endpoints.resetPassword, { phone, code, password: "leader456", password2: "leader456" }),
      api(follower, endpoints.resetPassword, { phone, code, password: "follower789", password2: "follower789" }),
    ]);
    expect(errors(answers)).toEqual(["ok", "wrong_sms_code"]);
    const winner = answers[0]!.body.code === 1 ? "leader456" : "follower789";
    const loser = winner === "leader456" ? "follower789" : "leader456";
    expect((await api(leader, endpoints.login, { account: name, password: loser })).body.err).toBe("wrong_password");
    expect((await api(follower, endpoints.login, { account: name, password: winner })).body.code).toBe(1);
    // one reset, one message to the customer
    const [told] = await pair.rows<{ n: number }>(
      `select count(*)::int as n from messages where user_id = ${await userIdOf(name)} and title = 'Your login password was reset'`,
    );
    expect(told!.n).toBe(1);
  });
});
