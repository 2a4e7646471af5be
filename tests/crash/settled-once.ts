import type pg from "pg";

/**
 * What must hold of every order once all are due and settled, read straight from PostgreSQL: closed, not
 * before its expiry, its stake and fee charged once each, and its payout (if any) paid once and in full; or
 * void because a tick that would decide it was uncommitted (a leader's seeds died with it), stake and fee
 * refunded once. The violations in words; an empty list is a pass.
 */
export async function settledOnceViolations(sql: pg.Client): Promise<string[]> {
  const { rows: orders } = await sql.query(
    `select id, status, void_reason, amount + fee as refund, payout, expires_at, close_time from orders order by id`,
  );
  const { rows: ledger } = await sql.query(
    `select reference, reason, count(*)::int as n, sum(delta)::bigint as total from ledger where reference like 'order:%' group by reference, reason`,
  );
  const rowsOf = new Map<string, Array<{ n: number; total: number }>>();
  for (const row of ledger) {
    const key = `${row.reference} ${row.reason}`;
    rowsOf.set(key, [...(rowsOf.get(key) ?? []), { n: row.n, total: Number(row.total) }]);
  }
  const violations: string[] = [];
  for (const order of orders) {
    const of = (reason: string) => rowsOf.get(`order:${order.id} ${reason}`) ?? [];
    const voided = order.status === "void" && order.void_reason === "uncommitted";
    if (voided) {
      const refunds = of("order_void").map((row) => [row.n, row.total]);
      if (JSON.stringify(refunds) !== JSON.stringify([[1, Number(order.refund)]]))
        violations.push(`order ${order.id} (void): refund rows ${JSON.stringify(refunds)}`);
    } else if (order.status !== "closed") violations.push(`order ${order.id} is ${order.status}`);
    else if (Number(order.close_time) < Number(order.expires_at)) violations.push(`order ${order.id} closed before its expiry`);
    for (const reason of ["order_stake", "order_fee"]) {
      const counts = of(reason).map((row) => row.n);
      if (JSON.stringify(counts) !== "[1]") violations.push(`order ${order.id}: ${reason} rows ${JSON.stringify(counts)}`);
    }
    const paid = of("order_settlement").map((row) => [row.n, row.total]);
    const payout = Number(order.payout ?? 0);
    const expected = payout > 0 ? [[1, payout]] : [];
    if (JSON.stringify(paid) !== JSON.stringify(expected)) {
      violations.push(`order ${order.id} (payout ${payout}): settlement rows ${JSON.stringify(paid)}`);
    }
  }
  return violations;
}
