import { eq, type SQL } from "drizzle-orm";

import type { ListPage } from "#contract/lists";
import type { VerificationForReview } from "#contract/ops-answers";
import type { VerificationListFilter } from "#contract/schemas/lists";

import { users, verifications } from "../../db/schema";
import type { ServiceContext } from "../context";
import { csvLines, isoTime, REQUEST_COLUMNS, requestCells } from "../csv";
import { dateRange, recordSearch } from "../list-filters";
import { everyRow, type KeysetList, keysetPage } from "../paged";

type Row = { row: typeof verifications.$inferSelect; account: string; phone: string };

/** The real-name queue by status (waiting by default), date and search (customer, id), oldest or newest first. */
function verificationList(ctx: ServiceContext, filter: Omit<VerificationListFilter, "cursor">): Omit<KeysetList<Row>, "cursor"> {
  return {
    db: ctx.db,
    where: [
      ...(filter.status === "all" ? [] : [eq(verifications.status, filter.status)]),
      ...dateRange(verifications.createdAt, filter),
      ...recordSearch(filter.q, { id: verifications.id, reference: "verification" }),
    ],
    sort: "time",
    sortColumn: verifications.createdAt,
    order: filter.order ?? "desc",
    id: verifications.id,
    select: (where: SQL | undefined, orderBy: SQL[], limit: number) =>
      ctx.db
        .select({ row: verifications, account: users.account, phone: users.phone })
        .from(verifications)
        .innerJoin(users, eq(users.id, verifications.userId))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit),
    countable: (where) =>
      ctx.db.select({ one: verifications.id }).from(verifications).innerJoin(users, eq(users.id, verifications.userId)).where(where),
    keyOf: ({ row }) => ({ value: row.createdAt, id: row.id }),
  };
}

export async function listVerifications(
  ctx: ServiceContext,
  filter: VerificationListFilter,
): Promise<ListPage<Omit<VerificationForReview, "signals">>> {
  const page = await keysetPage({ ...verificationList(ctx, filter), cursor: filter.cursor });
  return {
    ...page,
    items: page.items.map(({ row, account }) => ({
      id: row.id,
      userId: row.userId,
      account,
      name: row.name,
      idNumber: row.idNumber,
      status: row.status,
      reason: row.reason,
      time: row.createdAt,
      reviewedAt: row.reviewedAt,
    })),
  };
}

/** The filtered queue as CSV lines; the ID number in full, as support reviews it. */
export function verificationsCsv(ctx: ServiceContext, filter: VerificationListFilter) {
  return csvLines(
    {
      columns: [...REQUEST_COLUMNS, "name", "id_number", "status", "reason", "reviewed_utc"],
      cells: ({ row, account, phone }) => [
        ...requestCells(row, account, phone),
        row.name,
        row.idNumber,
        row.status,
        row.reason,
        isoTime(row.reviewedAt),
      ],
    },
    everyRow(verificationList(ctx, filter)),
  );
}
