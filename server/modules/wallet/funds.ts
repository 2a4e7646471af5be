import { and, count, desc, eq, sql } from "drizzle-orm";

import { centsToDecimal } from "#contract/format";
import type { RecordPage } from "#contract/paging";
import { PAGE_SIZE } from "#contract/paging";
import type { FundsKind, FundsLine } from "#contract/wallet";

import { adjustments, ledger, withdrawals } from "../../db/schema";
import type { UserRow } from "../accounts/sessions";
import type { ServiceContext } from "../context";
import { paged } from "../paged";

/**
 * The customer's funds records: their ledger rows, newest first, every account. A line that an operator
 * decided carries the reason the customer is owed: an adjustment's, or why a payment failed and came back.
 */
export async function fundsRecords(
  ctx: ServiceContext,
  user: UserRow,
  input: { page: number; kind?: FundsKind },
): Promise<RecordPage<FundsLine>> {
  const where = and(eq(ledger.userId, user.id), input.kind ? eq(ledger.reason, input.kind) : undefined);
  return paged(
    ctx.db
      .select({
        id: ledger.id,
        time: ledger.createdAt,
        account: ledger.account,
        kind: ledger.reason,
        delta: ledger.delta,
        adjustmentReason: adjustments.reason,
        payoutFailure: withdrawals.payoutFailure,
      })
      .from(ledger)
      .leftJoin(adjustments, and(eq(ledger.reason, "adjustment"), sql`${ledger.reference} = 'adjustment:' || ${adjustments.id}`))
      .leftJoin(withdrawals, and(eq(ledger.reason, "withdrawal_returned"), sql`${ledger.reference} = 'withdrawal:' || ${withdrawals.id}`))
      .where(where)
      .orderBy(desc(ledger.id))
      .limit(PAGE_SIZE)
      .offset((input.page - 1) * PAGE_SIZE)
      .then((rows) =>
        rows.map((row) => ({
          id: row.id,
          time: row.time,
          account: row.account as FundsLine["account"],
          kind: row.kind,
          amount: centsToDecimal(row.delta),
          note: row.adjustmentReason ?? row.payoutFailure ?? null,
        })),
      ),
    ctx.db.select({ n: count() }).from(ledger).where(where),
    input.page,
  );
}
