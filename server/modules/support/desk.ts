import { and, asc, eq, inArray, isNull, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import type { ListPage } from "#contract/lists";
import type { SupportColleague, SupportLineForOps, SupportRecordKind, SupportThreadForOps, SupportThreadRow } from "#contract/support-chat";

import type { Db, Tx } from "../../db/client";
import { recordEvents } from "../../db/outbox";
import { operators, orders, recharges, supportLines, supportThreads, users, withdrawals } from "../../db/schema";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { dateRange, recordSearch } from "../list-filters";
import type { OperatorIdentity } from "../operators/service";
import { keysetPage } from "../paged";
import { cannedFor } from "./canned";
import { appendLine, lineForOps, readLines } from "./lines";

/** The lines the console's thread view shows: a thread is a conversation, not a ledger; older ones page back in time. */
const LINES_SHOWN = 500;

const assignee = alias(operators, "assignee");
const lastLine = alias(supportLines, "last_line");

const threadColumns = {
  id: supportThreads.userId,
  userId: supportThreads.userId,
  account: users.account,
  language: users.language,
  status: supportThreads.status,
  assigneeId: supportThreads.assigneeId,
  assigneeName: assignee.username,
  lastText: lastLine.text,
  lastAuthor: lastLine.author,
  lastAt: supportThreads.lastAt,
  unread: supportThreads.operatorUnread,
};

function threadQuery(db: Db | Tx) {
  return db
    .select(threadColumns)
    .from(supportThreads)
    .innerJoin(users, eq(users.id, supportThreads.userId))
    .leftJoin(assignee, eq(assignee.id, supportThreads.assigneeId))
    .leftJoin(lastLine, eq(lastLine.id, supportThreads.lastLineId));
}

/**
 * The inbox: nobody's threads, the operator's own, or all, newest last line first, by status, the last line's
 * date and a search for the customer (account or phone prefix, user:<id>).
 */
export function listThreads(
  ctx: ServiceContext,
  operator: OperatorIdentity,
  filter: {
    view: "unassigned" | "mine" | "all";
    status: "waiting" | "answered" | "all";
    since?: number;
    until?: number;
    q?: string;
    cursor?: string;
  },
): Promise<ListPage<SupportThreadRow>> {
  const where: SQL[] = [
    ...(filter.view === "unassigned" ? [isNull(supportThreads.assigneeId)] : []),
    // the machine token is nobody: no thread is its own
    ...(filter.view === "mine" ? [operator.id === null ? isNull(supportThreads.userId) : eq(supportThreads.assigneeId, operator.id)] : []),
    ...(filter.status === "all" ? [] : [eq(supportThreads.status, filter.status)]),
    ...dateRange(supportThreads.lastAt, filter),
  ];
  const search = recordSearch(filter.q, { id: supportThreads.userId, reference: "user" });
  if (search.length > 0) where.push(or(...search)!);
  return keysetPage({
    db: ctx.db,
    where,
    sortColumn: supportThreads.lastAt,
    sort: "time",
    order: "desc",
    id: supportThreads.userId,
    select: (condition, orderBy, limit) =>
      threadQuery(ctx.db)
        .where(condition)
        .orderBy(...orderBy)
        .limit(limit),
    countable: (condition) =>
      ctx.db
        .select({ one: supportThreads.userId })
        .from(supportThreads)
        .innerJoin(users, eq(users.id, supportThreads.userId))
        .where(condition),
    keyOf: (row) => ({ value: row.lastAt, id: row.userId }),
    cursor: filter.cursor,
  });
}

/** The thread row of a customer; a customer who never wrote has an empty one (support may write first). */
async function threadRow(db: Db | Tx, userId: number): Promise<SupportThreadRow> {
  const [row] = await threadQuery(db).where(eq(supportThreads.userId, userId));
  if (row) return row;
  const [user] = await db.select({ account: users.account, language: users.language }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("user_not_found");
  return {
    id: userId,
    userId,
    ...user,
    status: "answered",
    assigneeId: null,
    assigneeName: null,
    lastText: null,
    lastAuthor: null,
    lastAt: 0,
    unread: 0,
  };
}

/** A customer's thread for the console: every line (notes too, marked), and the canned replies in the customer's language. */
export async function threadForOps(ctx: ServiceContext, userId: number): Promise<SupportThreadForOps> {
  const thread = await threadRow(ctx.db, userId);
  const rows = await readLines(ctx.db, userId, 0, LINES_SHOWN, true);
  return { thread, lines: rows.map(lineForOps), canned: await cannedFor(ctx, thread.language) };
}

/** The record a line links must be this customer's: an operator cannot point a customer at another's. */
async function requireOwnRecord(db: Db | Tx, userId: number, kind: SupportRecordKind, id: number): Promise<void> {
  const table = kind === "recharge" ? recharges : kind === "withdrawal" ? withdrawals : orders;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.userId, userId)));
  if (!row) throw new AppError("invalid_input", {}, "recordId");
}

/** A person answering: the machine token never writes to a customer (the path says person, this says why). */
function speaker(operator: OperatorIdentity): { id: number; name: string } {
  if (operator.id === null) throw new AppError("ops_person_required");
  return { id: operator.id, name: operator.username };
}

/**
 * An operator's line in a customer's thread, in the audited transaction: a reply the customer sees (text, a
 * link to one of their records such as the recharge being matched, or both), or an internal note they never do.
 */
export async function writeOperatorLine(
  scoped: ServiceContext,
  operator: OperatorIdentity,
  input: { userId: number; text?: string; recordKind?: SupportRecordKind; recordId?: number },
  internal: boolean,
): Promise<SupportLineForOps> {
  await threadRow(scoped.db, input.userId);
  const record =
    input.recordKind !== undefined && input.recordId !== undefined ? { kind: input.recordKind, id: input.recordId } : undefined;
  if (record) await requireOwnRecord(scoped.db, input.userId, record.kind, record.id);
  const row = await appendLine(
    scoped.db,
    { userId: input.userId, author: "operator", operator: speaker(operator), text: input.text, record, internal },
    scoped.now(),
  );
  return lineForOps(row);
}

/** The roles that answer customers: a thread can be given only to an operator in one of them. */
const ANSWERING_ROLES = ["support", "admin"] as const;
const answers = (role: string): role is SupportColleague["role"] => (ANSWERING_ROLES as readonly string[]).includes(role);

/** The operators a thread can be given to, by name: support and admin operators who are not disabled. */
export async function supportColleagues(ctx: ServiceContext): Promise<SupportColleague[]> {
  const rows = await ctx.db
    .select({ id: operators.id, username: operators.username, role: operators.role })
    .from(operators)
    .where(and(isNull(operators.disabledAt), inArray(operators.role, [...ANSWERING_ROLES])))
    .orderBy(asc(operators.username));
  return rows.flatMap((row) => (answers(row.role) ? [{ id: row.id, username: row.username, role: row.role }] : []));
}

/** Gives a thread to a support operator or admin who is not disabled, or to nobody. */
export async function assignThread(scoped: ServiceContext, input: { userId: number; operatorId?: number }): Promise<SupportThreadRow> {
  const before = await threadRow(scoped.db, input.userId);
  if (input.operatorId !== undefined) {
    const [target] = await scoped.db
      .select({ role: operators.role, disabledAt: operators.disabledAt })
      .from(operators)
      .where(eq(operators.id, input.operatorId));
    if (!target || target.disabledAt !== null || !answers(target.role)) throw new AppError("invalid_input", {}, "request");
  }
  const now = scoped.now();
  await scoped.db
    .insert(supportThreads)
    .values({ userId: input.userId, assigneeId: input.operatorId ?? null, status: before.status, lastAt: now, createdAt: now })
    .onConflictDoUpdate({ target: supportThreads.userId, set: { assigneeId: input.operatorId ?? null } });
  await recordEvents(scoped.db, [{ userId: null, kind: "support_changed", data: { userId: input.userId, change: "assigned" } }], now);
  return threadRow(scoped.db, input.userId);
}
