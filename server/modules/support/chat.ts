import { and, count, eq, gt, sql } from "drizzle-orm";

import { SUPPORT_LINES_PER_READ, type SupportLine, type SupportReadMark, type SupportThreadForCustomer } from "#contract/support-chat";

import { recordEvents } from "../../db/outbox";
import { supportLines, supportThreads, uploads } from "../../db/schema";
import type { UserRow } from "../accounts/sessions";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { findUpload } from "../recharge/uploads";
import { appendLine, lineForCustomer, readLines } from "./lines";

/** Operator lines after the customer's read mark (notes are not lines to the customer). */
async function customerUnread(ctx: Pick<ServiceContext, "db">, userId: number, readUpTo: number): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(supportLines)
    .where(
      and(
        eq(supportLines.userId, userId),
        eq(supportLines.author, "operator"),
        eq(supportLines.internal, false),
        gt(supportLines.id, readUpTo),
      ),
    );
  return row?.n ?? 0;
}

/** Support's lines the customer has not read: the badge on Mine (0 without a thread). */
export async function supportUnread(ctx: Pick<ServiceContext, "db">, userId: number): Promise<number> {
  const [thread] = await ctx.db
    .select({ unread: supportThreads.customerUnread })
    .from(supportThreads)
    .where(eq(supportThreads.userId, userId));
  return thread?.unread ?? 0;
}

/** The customer's own thread after a line, oldest first: the session names the thread, never the request. */
export async function customerThread(ctx: ServiceContext, user: UserRow, after: number): Promise<SupportThreadForCustomer> {
  const rows = await readLines(ctx.db, user.id, after, SUPPORT_LINES_PER_READ + 1, false);
  return {
    lines: rows.slice(0, SUPPORT_LINES_PER_READ).map(lineForCustomer),
    unread: await supportUnread(ctx, user.id),
    more: rows.length > SUPPORT_LINES_PER_READ,
  };
}

/**
 * A customer's line, in the request's transaction (`scoped`: the requestId's claim is in it, so a retry gets
 * this line again). A picture must be one this customer uploaded through the upload path, which checked its
 * bytes; it is locked while the line takes it, so the clean-up of unused uploads cannot remove it meanwhile.
 */
export async function sendCustomerLine(
  scoped: ServiceContext,
  user: UserRow,
  input: { text?: string; image?: string; requestId: string },
): Promise<SupportLine> {
  let uploadId: number | undefined;
  if (input.image !== undefined) {
    const upload = await findUpload(scoped, input.image.replace("/api/files/", ""));
    if (upload?.userId !== user.id) throw new AppError("invalid_input", {}, "image");
    const [still] = await scoped.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, upload.id)).for("share");
    if (!still) throw new AppError("invalid_input", {}, "image");
    uploadId = upload.id;
  }
  const row = await appendLine(
    scoped.db,
    { userId: user.id, author: "customer", text: input.text, uploadId, requestId: input.requestId },
    scoped.now(),
  );
  return lineForCustomer(row);
}

/**
 * Moves the customer's read mark up to a line (never back, never past the last line), recounts what is unread,
 * and tells the console when the mark moved.
 */
export async function markSupportRead(ctx: ServiceContext, user: UserRow, upTo: number): Promise<SupportReadMark> {
  return ctx.db.transaction(async (tx) => {
    const [thread] = await tx.select().from(supportThreads).where(eq(supportThreads.userId, user.id)).for("update");
    if (!thread) return { unread: 0 };
    const [last] = await tx
      .select({ id: sql<number | null>`max(${supportLines.id})` })
      .from(supportLines)
      .where(eq(supportLines.userId, user.id));
    const mark = Math.max(thread.customerReadUpTo, Math.min(upTo, Number(last?.id ?? 0)));
    const unread = await customerUnread({ db: tx as never }, user.id, mark);
    if (mark === thread.customerReadUpTo && unread === thread.customerUnread) return { unread };
    await tx.update(supportThreads).set({ customerReadUpTo: mark, customerUnread: unread }).where(eq(supportThreads.userId, user.id));
    await recordEvents(tx, [{ userId: null, kind: "support_changed", data: { userId: user.id, change: "read" } }], ctx.now());
    return { unread };
  });
}
