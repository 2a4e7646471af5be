import { and, count, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";

import { centsToDecimal, maskMiddle } from "#contract/format";
import { type VerificationState, type VerificationStatus } from "#contract/identity";
import { type MessageList } from "#contract/inbox";
import { type Invitation, INVITE_BONUS_POLICIES, type InviteBonusPolicy } from "#contract/invites";
import { LANGUAGE_CODES } from "#contract/languages";
import { parseAmount } from "#contract/money";
import { PAGE_SIZE } from "#contract/paging";
import { isAdultResidentId } from "#contract/resident-id";
import { type PlatformInfo } from "#contract/support";

import type { Db, Tx } from "../../db/client";
import { ledger, messageReads, messages, settings, users, verifications } from "../../db/schema";
import type { UserRow } from "../accounts/sessions";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { moveMoney } from "../ledger/service";
import { requireReason, sendReviewNotice, type Translate } from "./review-notice";

export async function verificationState(ctx: ServiceContext, user: UserRow): Promise<VerificationState> {
  const [latest] = await ctx.db
    .select()
    .from(verifications)
    .where(eq(verifications.userId, user.id))
    .orderBy(desc(verifications.id))
    .limit(1);
  if (!latest) return { status: "none", name: null, idNumber: null, reason: null };
  const status = (latest.status === "review" ? "review" : latest.status === "passed" ? "passed" : "refused") as VerificationStatus;
  return { status, name: latest.name, idNumber: maskMiddle(latest.idNumber), reason: latest.reason };
}

/** Name + ID number (+ ticked agreement, checked by the schema) → review. One account per ID number. */
export async function submitVerification(ctx: ServiceContext, user: UserRow, input: { name: string; idNumber: string }) {
  const idNumber = input.idNumber.toUpperCase();
  // the schema checked the form; the age and a birth date not in the future count by the platform's clock
  if (!isAdultResidentId(idNumber, ctx.now())) throw new AppError("wrong_id_number", {}, "idNumber");
  return ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const [fresh] = await tx.select({ verified: users.verified }).from(users).where(eq(users.id, user.id));
    if (fresh?.verified) throw new AppError("already_verified");
    const [pending] = await tx
      .select({ id: verifications.id })
      .from(verifications)
      .where(and(eq(verifications.userId, user.id), eq(verifications.status, "review")));
    if (pending) throw new AppError("verification_pending");
    const [taken] = await tx
      .select({ id: verifications.id })
      .from(verifications)
      .where(
        and(eq(verifications.idNumber, idNumber), inArray(verifications.status, ["review", "passed"]), ne(verifications.userId, user.id)),
      );
    if (taken) throw new AppError("id_number_exists");
    await tx.insert(verifications).values({ userId: user.id, name: input.name, idNumber, createdAt: ctx.now() });
    return { status: "review" as const, name: input.name, idNumber: maskMiddle(idNumber), reason: null };
  });
}

export async function reviewVerification(
  ctx: ServiceContext,
  id: number,
  decision: "pass" | "refuse",
  reason: string,
  translate: Translate,
) {
  requireReason(decision === "refuse", reason);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(verifications)
      .set({ status: decision === "pass" ? "passed" : "refused", reason: decision === "refuse" ? reason.trim() : null, reviewedAt: now })
      .where(and(eq(verifications.id, id), eq(verifications.status, "review")))
      .returning();
    if (!row) throw new AppError("already_reviewed");
    if (decision === "pass") {
      await tx.update(users).set({ verified: true, name: row.name }).where(eq(users.id, row.userId));
      await payInviteBonus(tx, row.userId, "verification", now);
    }
    await sendReviewNotice(tx, translate, {
      userId: row.userId,
      kind: decision === "pass" ? "verification_passed" : "verification_refused",
      reason,
      now,
    });
    return { id: row.id, status: row.status };
  });
}

export async function listVerifications(ctx: ServiceContext) {
  const rows = await ctx.db
    .select({ row: verifications, account: users.account })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.userId))
    .where(eq(verifications.status, "review"))
    .orderBy(verifications.id);
  return rows.map(({ row, account }) => ({ id: row.id, account, name: row.name, idNumber: row.idNumber, time: row.createdAt }));
}

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
  const [row] = await ctx.db
    .insert(messages)
    .values({ userId, type: input.type, title: input.title, body: input.body, createdAt: ctx.now() })
    .returning({ id: messages.id });
  return { id: row!.id, to: input.account ?? "all" };
}

const INVITE_KEY = "invite_bonus";
const INVITE_POLICY_KEY = "invite_bonus_policy";

export async function inviteBonus(db: Db | Tx): Promise<number> {
  const [row] = await db.select().from(settings).where(eq(settings.key, INVITE_KEY));
  return row ? Number(row.value) : 0;
}

export async function inviteBonusPolicy(db: Db | Tx): Promise<InviteBonusPolicy> {
  const [row] = await db.select().from(settings).where(eq(settings.key, INVITE_POLICY_KEY));
  return (INVITE_BONUS_POLICIES as readonly string[]).includes(row?.value ?? "") ? (row!.value as InviteBonusPolicy) : "registration";
}

export async function setInviteBonus(ctx: ServiceContext, amount: string, policy?: InviteBonusPolicy) {
  const cents = parseAmount(amount);
  if (cents === null) throw new AppError("invalid_input", {}, "amount");
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ key: INVITE_KEY, value: String(cents) })
      .onConflictDoUpdate({ target: settings.key, set: { value: String(cents) } });
    if (policy)
      await tx
        .insert(settings)
        .values({ key: INVITE_POLICY_KEY, value: policy })
        .onConflictDoUpdate({ target: settings.key, set: { value: policy } });
  });
  return { bonusPerInvitee: centsToDecimal(cents), policy: await inviteBonusPolicy(ctx.db) };
}

/**
 * Pays the inviter's bonus for one invitee when `moment` is the operator's chosen one, inside the caller's
 * transaction (the registration or the approval). Once per invitee whatever the policy was or becomes: the
 * invitee's row is locked, so two approvals at once take turns and the second finds the first one's ledger
 * row `invitee:<id>`; a unique index on that reference stops anything that slips past.
 */
export async function payInviteBonus(tx: Tx, inviteeId: number, moment: InviteBonusPolicy, now: number): Promise<void> {
  if ((await inviteBonusPolicy(tx)) !== moment) return;
  const [invitee] = await tx.select({ inviterId: users.inviterId }).from(users).where(eq(users.id, inviteeId)).for("update");
  if (!invitee?.inviterId) return;
  const bonus = await inviteBonus(tx);
  if (bonus <= 0) return;
  const reference = `invitee:${inviteeId}`;
  const [paid] = await tx
    .select({ id: ledger.id })
    .from(ledger)
    .where(and(eq(ledger.reason, "invite_bonus"), eq(ledger.reference, reference)))
    .limit(1);
  if (paid) return;
  await moveMoney(tx, invitee.inviterId, [{ account: "cash", delta: bonus, reason: "invite_bonus" }], reference, now);
}

/** The invitation activity is permanent: every invitee ever registered counts. */
export async function invitation(ctx: ServiceContext, user: UserRow): Promise<Invitation> {
  const invitees = await ctx.db
    .select({ id: users.id, account: users.account, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.inviterId, user.id))
    .orderBy(desc(users.id));
  const bonuses = await ctx.db
    .select({ reference: ledger.reference, delta: ledger.delta })
    .from(ledger)
    .where(and(eq(ledger.userId, user.id), eq(ledger.reason, "invite_bonus")));
  const bonusOf = (id: number) => bonuses.filter((b) => b.reference === `invitee:${id}`).reduce((total, b) => total + b.delta, 0);
  return {
    code: user.inviteCode,
    bonusPolicy: await inviteBonusPolicy(ctx.db),
    inviteeCount: invitees.length,
    bonusTotal: centsToDecimal(bonuses.reduce((total, b) => total + b.delta, 0)),
    bonusPerInvitee: centsToDecimal(await inviteBonus(ctx.db)),
    records: invitees.map((invitee) => ({
      account: maskMiddle(invitee.account),
      time: invitee.createdAt,
      bonus: centsToDecimal(bonusOf(invitee.id)),
    })),
  };
}

/** Support channels shown on the customer service page; the operator may change them in settings. */
export async function platformInfo(ctx: ServiceContext): Promise<PlatformInfo> {
  const [row] = await ctx.db.select().from(settings).where(eq(settings.key, "platform_info"));
  const stored = row ? (JSON.parse(row.value) as Partial<PlatformInfo>) : {};
  return {
    name: stored.name ?? "TradePWA",
    about: stored.about ?? "TradePWA is a demonstration trading platform. Prices come from a simulated feed.",
    support: stored.support ?? [
      { type: "email", label: "Email", value: "support@tradepwa.example" },
      { type: "telegram", label: "Telegram", value: "@tradepwa_support" },
      { type: "whatsapp", label: "WhatsApp", value: "+852 5555 0100" },
    ],
    hours: stored.hours ?? "09:00-21:00",
    languages: [...LANGUAGE_CODES],
  };
}
