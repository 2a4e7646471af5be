import { and, count, desc, eq, isNull, or, sql } from "drizzle-orm";

import { type MessageList } from "#contract/inbox";
import { PAGE_SIZE } from "#contract/paging";

import { recordEvents } from "../../db/outbox";
import { messageReads, messages, users } from "../../db/schema";
import type { UserRow } from "../accounts/sessions";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";

const visibleTo = (userId: number) => or(eq(messages.userId, userId), isNull(messages.userId));

export async function unreadCount(ctx: ServiceContext, userId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(messages)
    .leftJoin(messageReads, and(eq(messageReads.messageId, messages.id), eq(messageReads.userId, userId)))
    .where(and(visibleTo(userId), isNull(messageReads.messageId)));
  return row?.n ?? 0;
}

export async function listMessages(ctx: ServiceContext, user: UserRow, page: number): Promise<MessageList> {
  const rows = await ctx.db
    .select({ message: messages, readAt: messageReads.readAt })
    .from(messages)
    .leftJoin(messageReads, and(eq(messageReads.messageId, messages.id), eq(messageReads.userId, user.id)))
    .where(visibleTo(user.id))
    .orderBy(desc(messages.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  const [total] = await ctx.db.select({ n: count() }).from(messages).where(visibleTo(user.id));
  return {
    items: rows.map(({ message, readAt }) => ({
      id: message.id,
      type: message.type,
      title: message.title,
      body: message.body,
      time: message.createdAt,
      read: readAt !== null,
    })),
    page,
    pageSize: PAGE_SIZE,
    total: total?.n ?? 0,
    unread: await unreadCount(ctx, user.id),
  };
}

export async function markRead(ctx: ServiceContext, user: UserRow, id: number) {
  const [message] = await ctx.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, id), visibleTo(user.id)));
  if (!message) throw new AppError("message_not_found");
  await ctx.db.insert(messageReads).values({ messageId: id, userId: user.id, readAt: ctx.now() }).onConflictDoNothing();
  return { id, read: true, unread: await unreadCount(ctx, user.id) };
}

export async function sendMessage(ctx: ServiceContext, input: { account?: string; title: string; body: string; type: string }) {
  let userId: number | null = null;
  if (input.account) {
    const [user] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.account})`, input.account.toLowerCase()));
    if (!user) throw new AppError("user_not_found");
    userId = user.id;
  }
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({ userId, type: input.type, title: input.title, body: input.body, createdAt: ctx.now() })
      .returning({ id: messages.id });
    // a message to one customer reaches their open screens at once; a notice to all is read on the next visit
    if (userId !== null) await recordEvents(tx, [{ userId, kind: "message", data: { id: row!.id } }], ctx.now());
    return row!.id;
  });
  return { id, to: input.account ?? "all" };
}
