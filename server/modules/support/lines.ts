import { and, asc, eq, gt, sql } from "drizzle-orm";

import type { SupportAuthor, SupportLine, SupportLineForOps, SupportRecordKind } from "#contract/support-chat";

import type { Db, Tx } from "../../db/client";
import { type OutboxEvent, recordEvents } from "../../db/outbox";
import { supportLines, supportThreads, uploads } from "../../db/schema";

/** How much of a reply's text the `support.reply` event carries (a notification's preview, not the line). */
const REPLY_PREVIEW_CHARS = 120;

/** A line to add to a customer's thread. */
export interface NewLine {
  userId: number;
  author: SupportAuthor;
  operator?: { id: number; name: string };
  text?: string;
  uploadId?: number;
  internal?: boolean;
  record?: { kind: SupportRecordKind; id: number };
  requestId?: string;
}

type LineRow = typeof supportLines.$inferSelect & { uploadName: string | null };

/** Who reads a line decides where its picture is served: the customer's own files, or the console's. */
const imageFor = (reader: "customer" | "ops", name: string | null) =>
  name === null ? null : reader === "customer" ? `/api/files/${name}` : `/api/ops/files/${name}`;

function toLine(row: LineRow, reader: "customer" | "ops"): SupportLine {
  return {
    id: row.id,
    author: row.author,
    operatorName: row.author === "operator" ? row.operatorName : null,
    text: row.text,
    image: imageFor(reader, row.uploadName),
    record: row.recordKind !== null && row.recordId !== null ? { kind: row.recordKind, id: row.recordId } : null,
    time: row.createdAt,
  };
}

export const lineForCustomer = (row: LineRow): SupportLine => toLine(row, "customer");
export const lineForOps = (row: LineRow): SupportLineForOps => ({ ...toLine(row, "ops"), internal: row.internal });

/** A thread's lines after `afterId`, oldest first; the customer's read never selects a note. */
export function readLines(db: Db | Tx, userId: number, afterId: number, limit: number, withNotes: boolean): Promise<LineRow[]> {
  return db
    .select({ ...getLineColumns(), uploadName: uploads.name })
    .from(supportLines)
    .leftJoin(uploads, eq(uploads.id, supportLines.uploadId))
    .where(and(eq(supportLines.userId, userId), gt(supportLines.id, afterId), withNotes ? undefined : eq(supportLines.internal, false)))
    .orderBy(asc(supportLines.id))
    .limit(limit);
}

function getLineColumns() {
  const { id, userId, author, operatorId, operatorName, text, uploadId, internal, recordKind, recordId, requestId, createdAt } =
    supportLines;
  return { id, userId, author, operatorId, operatorName, text, uploadId, internal, recordKind, recordId, requestId, createdAt };
}

/**
 * Adds a line and moves its thread on, in the caller's transaction, with the events that tell of it: the
 * thread row is made with the first line and is the lock that orders a thread's lines. A customer's line makes
 * the thread wait for support; a reply answers it, counts one unread for the customer, and writes the
 * `support.reply` event (the customer's chat and badge, and a push notification, hook it); a note moves
 * nothing the customer sees and tells the console only.
 */
export async function appendLine(tx: Db | Tx, line: NewLine, now: number): Promise<LineRow> {
  const [row] = await tx
    .insert(supportLines)
    .values({
      userId: line.userId,
      author: line.author,
      operatorId: line.operator?.id ?? null,
      operatorName: line.operator?.name ?? null,
      text: line.text ?? null,
      uploadId: line.uploadId ?? null,
      internal: line.internal ?? false,
      recordKind: line.record?.kind ?? null,
      recordId: line.record?.id ?? null,
      requestId: line.requestId ?? null,
      createdAt: now,
    })
    .returning();
  const inserted = row!;
  const note = inserted.internal;
  const fromCustomer = inserted.author === "customer";
  // a note changes neither the inbox's last line nor anyone's unread count: it only makes sure the thread exists
  const moved = note
    ? {}
    : fromCustomer
      ? { status: "waiting" as const, lastLineId: inserted.id, lastAt: now, operatorUnread: sql`${supportThreads.operatorUnread} + 1` }
      : {
          status: "answered" as const,
          lastLineId: inserted.id,
          lastAt: now,
          operatorUnread: 0,
          customerUnread: sql`${supportThreads.customerUnread} + 1`,
        };
  await tx
    .insert(supportThreads)
    .values({
      userId: line.userId,
      status: fromCustomer ? "waiting" : "answered",
      lastLineId: note ? null : inserted.id,
      lastAt: now,
      operatorUnread: fromCustomer ? 1 : 0,
      customerUnread: !fromCustomer && !note ? 1 : 0,
      createdAt: now,
    })
    .onConflictDoUpdate({ target: supportThreads.userId, set: note ? { lastAt: sql`${supportThreads.lastAt}` } : moved });

  const events: OutboxEvent[] = [];
  if (fromCustomer) events.push({ userId: line.userId, kind: "support_line", data: { lineId: inserted.id } });
  else if (!note)
    events.push({
      userId: line.userId,
      kind: "support.reply",
      data: { lineId: inserted.id, operatorName: inserted.operatorName ?? "", text: inserted.text?.slice(0, REPLY_PREVIEW_CHARS) ?? null },
    });
  events.push({
    userId: null,
    kind: "support_changed",
    data: { userId: line.userId, change: fromCustomer ? "customer_line" : note ? "note" : "reply" },
  });
  await recordEvents(tx, events, now);

  const [name] = inserted.uploadId ? await tx.select({ name: uploads.name }).from(uploads).where(eq(uploads.id, inserted.uploadId)) : [];
  return { ...inserted, uploadName: name?.name ?? null };
}
