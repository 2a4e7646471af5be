import { eq, type SQL, sql } from "drizzle-orm";

import type { AdjustmentForOps } from "#contract/adjustments";
import type { ListPage } from "#contract/lists";
import type { AdjustmentListFilter } from "#contract/schemas/lists";

import { adjustments, users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { csvLines, isoTime } from "../csv";
import { amountRange, dateRange, recordSearch } from "../list-filters";
import { everyRow, type KeysetList, keysetPage } from "../paged";
import { type AdjustmentRow, forOps } from "./for-ops";

type Row = { row: AdjustmentRow; account: string };

/** An operator as the filter names them: the name the list shows, in any case. */
const byName = (column: typeof adjustments.proposedByName | typeof adjustments.decidedByName, name: string | undefined): SQL[] =>
  name === undefined ? [] : [sql`lower(${column}) = lower(${name})`];

/**
 * The adjustments list: filtered by status, the proposal's date, the amount, who proposed and who decided, and
 * the customer or the adjustment's id. Proposals are numbered as they are made, so the id is their time order and
 * the status index (status, id) serves the default view.
 */
function adjustmentList(ctx: ServiceContext, filter: Omit<AdjustmentListFilter, "cursor">): Omit<KeysetList<Row>, "cursor"> {
  const sort = filter.sort ?? "time";
  return {
    db: ctx.db,
    where: [
      ...(filter.status === "all" ? [] : [eq(adjustments.status, filter.status)]),
      ...dateRange(adjustments.proposedAt, filter),
      ...amountRange(adjustments.amount, filter),
      ...byName(adjustments.proposedByName, filter.proposer),
      ...byName(adjustments.decidedByName, filter.decider),
      ...recordSearch(filter.q, { id: adjustments.id, reference: "adjustment" }),
    ],
    sort,
    sortColumn: sort === "amount" ? adjustments.amount : adjustments.id,
    order: filter.order ?? "desc",
    id: adjustments.id,
    select: (where, orderBy, limit) =>
      ctx.db
        .select({ row: adjustments, account: users.account })
        .from(adjustments)
        .innerJoin(users, eq(users.id, adjustments.userId))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit),
    countable: (where) =>
      ctx.db.select({ one: adjustments.id }).from(adjustments).innerJoin(users, eq(users.id, adjustments.userId)).where(where),
    keyOf: ({ row }) => ({ value: sort === "amount" ? row.amount : row.id, id: row.id }),
  };
}

/** One page of the manual adjustments (pending by default), newest first unless sorted otherwise. */
export async function listAdjustments(ctx: ServiceContext, filter: AdjustmentListFilter): Promise<ListPage<AdjustmentForOps>> {
  const page = await keysetPage({ ...adjustmentList(ctx, filter), cursor: filter.cursor });
  return { ...page, items: page.items.map(({ row, account }) => forOps(row, account)) };
}

/** Every adjustment the filters select, as CSV: amounts in U (a debit negative, so a column sums), times in UTC. */
export function adjustmentsCsv(ctx: ServiceContext, filter: AdjustmentListFilter) {
  return csvLines(
    {
      columns: [
        "id",
        "proposed_utc",
        "user_id",
        "account",
        "direction",
        "amount_u",
        "reason",
        "corrects",
        "status",
        "proposed_by",
        "decided_by",
        "decided_utc",
        "decision_note",
      ],
      cells: ({ row, account }: Row) => {
        const shown = forOps(row, account);
        return [
          shown.id,
          isoTime(shown.proposedAt),
          shown.userId,
          shown.account,
          shown.direction,
          shown.direction === "debit" ? `-${shown.amount}` : shown.amount,
          shown.reason,
          shown.corrects,
          shown.status,
          shown.proposedByName,
          shown.decidedByName,
          isoTime(shown.decidedAt),
          shown.decisionNote,
        ];
      },
    },
    everyRow(adjustmentList(ctx, filter)),
  );
}
