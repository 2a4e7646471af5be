import { describe, expect, it } from "vitest";

import { type ServerProcess, startServerProcess } from "../e2e/server-process";
import { type Person, setMoneyRulesByTwo, twoAdmins } from "../support/ops-people";
import { clusterForSuite } from "./cluster";
import { call, request, waitFor } from "./process-api";

// The money desk's steps killed half-way: a server process on PostgreSQL is SIGKILLed while it marks a payout
// paid, marks one failed, and applies a manual adjustment. Each is caught at the same point: every money
// statement of the step has run (balance, ledger row, customer message, events) and the transaction waits on
// the audit log's chain lock, which this test holds. So the kill falls after the effects and before the commit;
// the restarted server must show none of them, then the same request must act exactly once, and a retry of it
// must not act again. The ledger reconciles throughout.
const OPS = "money-desk-crash-ops";
const ENV = { OPS_TOKEN: OPS, BACKFILL_MINUTE_DAYS: "0.02" };
/** The lock the audit log's insert trigger takes (migration 0031): the last statement of every operator write. */
const AUDIT_CHAIN_LOCK = "select pg_advisory_lock(hashtext('ops_audit_chain'))";
const AUDIT_CHAIN_UNLOCK = "select pg_advisory_unlock(hashtext('ops_audit_chain'))";

describe("SIGKILL in the middle of a money desk step", () => {
  const suite = clusterForSuite(1, ENV);
  let server: ServerProcess;
  let proposer: Person;
  let decider: Person;
  let demo: { token: string };
  let demoId: number;

  const one = async (query: string, values: unknown[] = []) => (await suite.cluster.sql.query(query, values)).rows[0];
  /** What the customer's step could have changed: cash, ledger rows, messages. */
  const footprint = async () => ({
    cash: Number((await one("select cash from users where id = $1", [demoId])).cash),
    ledgerRows: (await one("select count(*)::int as n from ledger where user_id = $1", [demoId])).n as number,
    messages: (await one("select count(*)::int as n from messages where user_id = $1", [demoId])).n as number,
  });
  const reconciled = async () => (await call(server, "GET", "/api/ops/reconcile", {}, { "ops-token": OPS })).data;

  /**
   * Sends `path` as `person` while the audit chain is held, waits until the server's transaction is blocked on it
   * (its money statements done, not committed), kills the server, lets that transaction go, and starts another
   * server on the same database. Answers the blocked backend's pid, gone by then.
   */
  async function killMidStep(path: string, fields: Record<string, string>, person: Person) {
    const { sql } = suite.cluster;
    await sql.query(AUDIT_CHAIN_LOCK);
    let unlocked = false;
    try {
      const inFlight = request(server, "POST", path, fields, { cookie: person.cookie }).catch((error: unknown) => error);
      const blocked = await waitFor(
        `${path} to block on the audit chain`,
        async () =>
          (
            await sql.query(
              "select pid from pg_stat_activity where wait_event_type = 'Lock' and wait_event = 'advisory' and pid <> pg_backend_pid() and datname = current_database()",
            )
          ).rows[0]?.pid as number | undefined,
        30_000,
      );
      server.child.kill("SIGKILL");
      await server.exited;
      // the request never had an answer
      expect(await inFlight).toBeInstanceOf(Error);
      await sql.query(AUDIT_CHAIN_UNLOCK);
      unlocked = true;
      // its backend gets the lock, finds its client gone before any COMMIT, and rolls the whole step back
      await waitFor(
        "the dead server's transaction to end",
        async () => (await sql.query("select 1 from pg_stat_activity where pid = $1", [blocked])).rowCount === 0,
        30_000,
      );
    } finally {
      if (!unlocked) await sql.query(AUDIT_CHAIN_UNLOCK);
    }
    server = await startServerProcess({ DATABASE_URL: suite.cluster.postgres.url, ...ENV });
    suite.cluster.servers.push(server);
  }

  it("sets up a desk: two admins, the demo customer with a card, withdrawals open all day", async () => {
    server = suite.cluster.servers[0]!;
    [proposer, decider] = await twoAdmins(server.baseUrl, [server.dataDir], "crashdesk");
    await setMoneyRulesByTwo(server.baseUrl, proposer, decider, { window: "00:00-24:00", dailyCount: "50", firstWithdrawalRealName: "0" });
    const login = await request(server, "POST", "/api/login/index", { account: "demo", password: "demo1234" });
    expect(login.body.code, login.body.msg).toBe(1);
    demo = { token: login.body.data.token as string };
    demoId = login.body.data.user.id as number;
    expect(await reconciled()).toMatchObject({ ok: true });
  });

  it("applying an adjustment: nothing of it after the kill, exactly once on the retry, never twice", async () => {
    const proposed = await call(
      server,
      "POST",
      "/api/ops/adjustments",
      { account: "demo", direction: "credit", amount: "25.75", reason: "crash goodwill" },
      { cookie: proposer.cookie },
    );
    expect(proposed.code, proposed.msg).toBe(1);
    const id = String(proposed.data.id);
    const before = await footprint();
    const fields = { id, decision: "apply", note: "" };

    await killMidStep("/api/ops/adjustment/decide", fields, decider);
    expect(await footprint()).toEqual(before);
    expect((await one("select status from adjustments where id = $1", [id])).status).toBe("pending");
    expect((await one("select count(*)::int as n from ledger where reference = $1", [`adjustment:${id}`])).n).toBe(0);
    expect(await reconciled()).toMatchObject({ ok: true, drift: [] });

    // the same request again, to the restarted server: it acts once
    const applied = await request(server, "POST", "/api/ops/adjustment/decide", fields, { cookie: decider.cookie });
    expect(applied.body.code, applied.body.msg).toBe(1);
    expect(applied.body.data.status).toBe("applied");
    expect(await footprint()).toEqual({ cash: before.cash + 2575, ledgerRows: before.ledgerRows + 1, messages: before.messages + 1 });
    // and a retry after that acts no more
    const again = await request(server, "POST", "/api/ops/adjustment/decide", fields, { cookie: decider.cookie });
    expect(again.body.err).toBe("already_reviewed");
    expect((await one("select count(*)::int as n from ledger where reference = $1", [`adjustment:${id}`])).n).toBe(1);
    expect(await footprint()).toEqual({ cash: before.cash + 2575, ledgerRows: before.ledgerRows + 1, messages: before.messages + 1 });
    expect(await reconciled()).toMatchObject({ ok: true, drift: [] });
  });

  /** A withdrawal of the demo customer, approved and waiting for its payment to be marked. */
  async function approvedWithdrawal(amount: string, requestId: string): Promise<string> {
    const card = await call(
      server,
      "POST",
      "/api/user/add_card",
      { type: "alipay", bankName: "Alipay", number: `${requestId}@example.com`, payPassword: "246810", requestId: `${requestId}-card` },
      demo,
    );
    expect(card.code, card.msg).toBe(1);
    const asked = await call(
      server,
      "POST",
      "/api/user/cash",
      { amount, cardId: String(card.data.id), payPassword: "246810", requestId },
      demo,
    );
    expect(asked.code, asked.msg).toBe(1);
    const id = String(asked.data.id);
    const approved = await call(server, "POST", "/api/ops/withdrawal/review", { id, decision: "approve" }, { cookie: proposer.cookie });
    expect(approved.code, approved.msg).toBe(1);
    expect((await one("select payout_state from withdrawals where id = $1", [id])).payout_state).toBe("awaiting");
    return id;
  }

  it("marking a payout paid: still awaiting after the kill, paid once on the retry, never twice", async () => {
    const id = await approvedWithdrawal("120", "crash-paid");
    const before = await footprint();
    const fields = { id, reference: "CRASH-BANK-REF-1" };

    await killMidStep("/api/ops/withdrawal/paid", fields, decider);
    expect(await footprint()).toEqual(before);
    expect(await one("select payout_state, payout_reference from withdrawals where id = $1", [id])).toEqual({
      payout_state: "awaiting",
      payout_reference: null,
    });

    const paid = await request(server, "POST", "/api/ops/withdrawal/paid", fields, { cookie: decider.cookie });
    expect(paid.body.code, paid.body.msg).toBe(1);
    // a paid mark moves no money: the amount left the cash when the customer asked; the customer is told once
    expect(await footprint()).toEqual({ ...before, messages: before.messages + 1 });
    const again = await request(server, "POST", "/api/ops/withdrawal/paid", fields, { cookie: decider.cookie });
    expect(again.body.err).toBe("payout_already_marked");
    expect(await one("select payout_state, payout_reference from withdrawals where id = $1", [id])).toEqual({
      payout_state: "paid",
      payout_reference: "CRASH-BANK-REF-1",
    });
    expect(await footprint()).toEqual({ ...before, messages: before.messages + 1 });
    expect(await reconciled()).toMatchObject({ ok: true, drift: [] });
  });

  it("marking a payout failed: nothing returned after the kill, the whole amount returned once on the retry, never twice", async () => {
    const id = await approvedWithdrawal("130", "crash-failed");
    const before = await footprint();
    const fields = { id, reason: "account closed at the bank" };

    await killMidStep("/api/ops/withdrawal/failed", fields, decider);
    expect(await footprint()).toEqual(before);
    expect((await one("select payout_state from withdrawals where id = $1", [id])).payout_state).toBe("awaiting");
    expect(
      (await one("select count(*)::int as n from ledger where reason = 'withdrawal_returned' and reference = $1", [`withdrawal:${id}`])).n,
    ).toBe(0);

    const failed = await request(server, "POST", "/api/ops/withdrawal/failed", fields, { cookie: decider.cookie });
    expect(failed.body.code, failed.body.msg).toBe(1);
    const returned = { cash: before.cash + 13_000, ledgerRows: before.ledgerRows + 1, messages: before.messages + 1 };
    expect(await footprint()).toEqual(returned);
    const again = await request(server, "POST", "/api/ops/withdrawal/failed", fields, { cookie: decider.cookie });
    expect(again.body.err).toBe("payout_already_marked");
    // nor can the failed payment be marked paid afterwards
    const paidAfter = await request(server, "POST", "/api/ops/withdrawal/paid", { id, reference: "LATE-REF" }, { cookie: decider.cookie });
    expect(paidAfter.body.err).toBe("payout_already_marked");
    expect(await footprint()).toEqual(returned);
    expect(
      (await one("select count(*)::int as n from ledger where reason = 'withdrawal_returned' and reference = $1", [`withdrawal:${id}`])).n,
    ).toBe(1);
    expect(await reconciled()).toMatchObject({ ok: true, drift: [] });
  });
});
