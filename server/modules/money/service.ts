import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

import { and, count, desc, eq, gt, gte, sql, sum } from "drizzle-orm";

import type { BankCard, CardType } from "#contract/cards";
import { centsToDecimal, maskMiddle } from "#contract/format";
import { applyRate, bpsToRate, parseAmount } from "#contract/money";
import type { RecordPage } from "#contract/paging";
import { PAGE_SIZE } from "#contract/paging";
import type { RechargeInfo, RechargeRecord } from "#contract/recharge";
import type { ReviewStatus } from "#contract/review";
import type { ExchangeRecord, Wallet } from "#contract/wallet";
import type { WithdrawalInfo, WithdrawalRecord } from "#contract/withdrawal";

import type { Db, Tx } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { bankCards, depositChannels, exchanges, recharges, uploads, users, withdrawals } from "../../db/schema";
import { requireFundPassword } from "../accounts/fund-password";
import type { UserRow } from "../accounts/sessions";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { moveMoney } from "../ledger/service";
import { recogniseImage } from "./image-check";
import { moneySettings, platformClock, toMinutes } from "./settings";

export interface MoneyContext extends ServiceContext {
  uploadsDir: string;
}

const rateText = (rate: number) => (rate / 10000).toFixed(4);
const limitText = (cents: number) => centsToDecimal(cents).replace(/\.00$/, "");

function amountOf(text: string): number {
  const cents = parseAmount(text);
  if (cents === null || cents <= 0) throw new AppError("invalid_input", {}, "amount");
  return cents;
}

async function freshUser(ctx: ServiceContext, userId: number): Promise<UserRow> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row!;
}

/** The operator's coin rate as the API writes it: cash (U) per coin. */
export async function coinRateText(ctx: ServiceContext): Promise<string> {
  return rateText((await moneySettings(ctx.db)).coinRate);
}

export async function wallet(ctx: ServiceContext, user: UserRow): Promise<Wallet> {
  const fresh = await freshUser(ctx, user.id);
  const rules = await moneySettings(ctx.db);
  return {
    cash: centsToDecimal(fresh.cash),
    coin: centsToDecimal(fresh.coin),
    frozen: centsToDecimal(fresh.frozen),
    yuebao: centsToDecimal(fresh.yuebao),
    coinRate: rateText(rules.coinRate),
  };
}

/** Cash ↔ coin at the operator's rate; the target amount is rounded down to the hundredth. */
export async function exchange(ctx: ServiceContext, user: UserRow, input: { from: "cash" | "coin"; amount: string; payPassword: string }) {
  const amount = amountOf(input.amount);
  await requireFundPassword(ctx, user, input.payPassword);
  const { coinRate } = await moneySettings(ctx.db);
  const cashAmount = input.from === "cash" ? amount : Math.floor((amount * coinRate) / 10000);
  const coinAmount = input.from === "coin" ? amount : Math.floor((amount * 10000) / coinRate);
  if (cashAmount <= 0 || coinAmount <= 0)
    throw new AppError("amount_too_small", { min: input.from === "cash" ? rateText(coinRate) : "0.01" });
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [record] = await tx
      .insert(exchanges)
      .values({ userId: user.id, fromAccount: input.from, cashAmount, coinAmount, rate: coinRate, createdAt: now })
      .returning({ id: exchanges.id });
    const reference = `exchange:${record!.id}`;
    const movements =
      input.from === "cash"
        ? [
            { account: "cash" as const, delta: -cashAmount, reason: "exchange_out" },
            { account: "coin" as const, delta: coinAmount, reason: "exchange_in" },
          ]
        : [
            { account: "coin" as const, delta: -coinAmount, reason: "exchange_out" },
            { account: "cash" as const, delta: cashAmount, reason: "exchange_in" },
          ];
    await moveMoney(tx, user.id, movements, reference, now);
  });
  const fresh = await freshUser(ctx, user.id);
  return { cash: centsToDecimal(fresh.cash), coin: centsToDecimal(fresh.coin) };
}

async function paged<T>(rows: Promise<T[]>, total: Promise<Array<{ n: number }>>, page: number): Promise<RecordPage<T>> {
  const [items, [counted]] = await Promise.all([rows, total]);
  return { items, page, pageSize: PAGE_SIZE, total: counted?.n ?? 0 };
}

export async function exchangeRecords(ctx: ServiceContext, user: UserRow, page: number): Promise<RecordPage<ExchangeRecord>> {
  const where = eq(exchanges.userId, user.id);
  return paged(
    ctx.db
      .select()
      .from(exchanges)
      .where(where)
      .orderBy(desc(exchanges.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE)
      .then((rows) =>
        rows.map((row) => ({
          id: row.id,
          time: row.createdAt,
          type: row.fromAccount === "cash" ? ("cash_to_coin" as const) : ("coin_to_cash" as const),
          coin: "COIN",
          cashAmount: centsToDecimal(row.fromAccount === "cash" ? -row.cashAmount : row.cashAmount),
          coinAmount: centsToDecimal(row.fromAccount === "coin" ? -row.coinAmount : row.coinAmount),
          rate: rateText(row.rate),
        })),
      ),
    ctx.db.select({ n: count() }).from(exchanges).where(where),
    page,
  );
}

const toCard = (row: typeof bankCards.$inferSelect): BankCard => ({
  id: row.id,
  type: row.type as CardType,
  bankName: row.bankName,
  branch: row.branch,
  number: maskMiddle(row.number),
  holder: row.holder,
});

export async function listCards(ctx: ServiceContext, user: UserRow): Promise<BankCard[]> {
  const rows = await ctx.db.select().from(bankCards).where(eq(bankCards.userId, user.id)).orderBy(bankCards.id);
  return rows.map(toCard);
}

/** Binding a card decides where withdrawals go, so it takes the fund password like a withdrawal does. */
export async function addCard(
  ctx: ServiceContext,
  user: UserRow,
  input: { type: CardType; bankName: string; branch: string; number: string; holder: string; payPassword: string },
) {
  const number = input.number.replace(/\s+/g, "");
  await requireFundPassword(ctx, user, input.payPassword);
  try {
    const [row] = await ctx.db
      .insert(bankCards)
      .values({
        userId: user.id,
        type: input.type,
        bankName: input.bankName,
        // only a bank has branches
        branch: input.type === "bank" ? input.branch : "",
        number,
        holder: input.holder,
        createdAt: ctx.now(),
      })
      .returning();
    return toCard(row!);
  } catch (error) {
    // the same number twice for one user; another user's card with this number is no obstacle
    if (isUniqueViolation(error, "bank_cards_user_number")) throw new AppError("card_exists");
    throw error;
  }
}

/**
 * Unbinds one of the user's own cards. A card with a withdrawal under review stays: the operator pays to it,
 * and a refused withdrawal is refunded with it still on record.
 */
export async function deleteCard(ctx: ServiceContext, user: UserRow, input: { id: number; payPassword: string }): Promise<BankCard[]> {
  await requireFundPassword(ctx, user, input.payPassword);
  await ctx.db.transaction(async (tx) => {
    // the user row lock orders this against a withdrawal to the same card requested at the same moment
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const [card] = await tx
      .select({ id: bankCards.id })
      .from(bankCards)
      .where(and(eq(bankCards.id, input.id), eq(bankCards.userId, user.id)));
    if (!card) throw new AppError("card_not_found");
    const [pending] = await tx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(and(eq(withdrawals.cardId, card.id), eq(withdrawals.status, "review")))
      .limit(1);
    if (pending) throw new AppError("card_in_use");
    await tx.delete(bankCards).where(eq(bankCards.id, card.id));
  });
  return listCards(ctx, user);
}

/** Per user: uploads no recharge uses yet, and bytes stored in the last 24 hours. */
const UPLOAD_QUOTA = { unattached: 20, bytesPerDay: 50 * 1024 * 1024 };
const unattached = (userId: number) =>
  and(eq(uploads.userId, userId), sql`not exists (select 1 from ${recharges} where ${recharges.uploadId} = ${uploads.id})`);

/**
 * Stores an uploaded image under a random name; only bytes that are a clean PNG, JPEG or WebP are kept, and
 * only within the user's quota (checked under the user's row lock, so parallel uploads cannot pass it).
 */
export async function saveUpload(ctx: MoneyContext, user: UserRow, bytes: Buffer): Promise<{ url: string }> {
  const kind = recogniseImage(bytes);
  if (!kind) throw new AppError("upload_invalid");
  const name = `${randomBytes(16).toString("hex")}.${kind.ext}`;
  const now = ctx.now();
  await mkdir(ctx.uploadsDir, { recursive: true });
  await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const [waiting] = await tx.select({ n: count() }).from(uploads).where(unattached(user.id));
    const [today] = await tx
      .select({ bytes: sum(uploads.size) })
      .from(uploads)
      .where(and(eq(uploads.userId, user.id), gt(uploads.createdAt, now - 86400)));
    if ((waiting?.n ?? 0) >= UPLOAD_QUOTA.unattached || Number(today?.bytes ?? 0) + bytes.length > UPLOAD_QUOTA.bytesPerDay) {
      throw new AppError("upload_quota");
    }
    await tx.insert(uploads).values({ userId: user.id, name, mime: kind.mime, size: bytes.length, createdAt: now });
    await writeFile(join(ctx.uploadsDir, name), bytes, { flag: "wx" });
  });
  return { url: `/api/files/${name}` };
}

export async function findUpload(ctx: ServiceContext, name: string) {
  const [row] = await ctx.db.select().from(uploads).where(eq(uploads.name, name)).limit(1);
  return row;
}

export async function rechargeInfo(ctx: ServiceContext): Promise<RechargeInfo> {
  const rules = await moneySettings(ctx.db);
  const channels = await ctx.db.select().from(depositChannels).where(eq(depositChannels.enabled, true)).orderBy(depositChannels.id);
  return {
    channels: channels.map((c) => ({ id: c.id, type: c.type as CardType, name: c.name, account: c.account, qr: c.qr, note: c.note })),
    minAmount: centsToDecimal(rules.rechargeMin),
    notice: rules.rechargeNotice,
  };
}

export async function submitRecharge(
  ctx: ServiceContext,
  user: UserRow,
  input: { channelId: number; amount: string; screenshot: string },
): Promise<RechargeRecord> {
  const amount = amountOf(input.amount);
  const rules = await moneySettings(ctx.db);
  if (amount < rules.rechargeMin) throw new AppError("amount_too_small", { min: limitText(rules.rechargeMin) });
  const [channel] = await ctx.db
    .select()
    .from(depositChannels)
    .where(and(eq(depositChannels.id, input.channelId), eq(depositChannels.enabled, true)))
    .limit(1);
  if (!channel) throw new AppError("channel_not_found");
  // the screenshot must be one this user uploaded, and backs this recharge only
  const upload = await findUpload(ctx, input.screenshot.replace("/api/files/", ""));
  if (!upload || upload.userId !== user.id) throw new AppError("invalid_input", {}, "screenshot");
  const [used] = await ctx.db.select({ id: recharges.id }).from(recharges).where(eq(recharges.uploadId, upload.id)).limit(1);
  if (used) throw new AppError("screenshot_used");
  let row: typeof recharges.$inferSelect | undefined;
  try {
    row = await ctx.db.transaction(async (tx) => {
      // shared lock: the clean-up of stale uploads cannot remove this one while it is being attached
      const [still] = await tx.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, upload.id)).for("share");
      if (!still) throw new AppError("invalid_input", {}, "screenshot");
      const [created] = await tx
        .insert(recharges)
        .values({
          userId: user.id,
          channelId: channel.id,
          amount,
          screenshot: `/api/files/${upload.name}`,
          uploadId: upload.id,
          createdAt: ctx.now(),
        })
        .returning();
      return created;
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // a concurrent request took the same upload first: the unique index refused this one
    if (isUniqueViolation(error, "recharges_upload")) throw new AppError("screenshot_used");
    throw error;
  }
  return {
    id: row!.id,
    time: row!.createdAt,
    type: channel.type as CardType,
    channel: channel.name,
    amount: centsToDecimal(amount),
    status: "review",
    reason: null,
  };
}

export async function rechargeRecords(ctx: ServiceContext, user: UserRow, page: number): Promise<RecordPage<RechargeRecord>> {
  const where = eq(recharges.userId, user.id);
  return paged(
    ctx.db
      .select({ row: recharges, channel: depositChannels })
      .from(recharges)
      .leftJoin(depositChannels, eq(depositChannels.id, recharges.channelId))
      .where(where)
      .orderBy(desc(recharges.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE)
      .then((rows) =>
        rows.map(({ row, channel }) => ({
          id: row.id,
          time: row.createdAt,
          type: (channel?.type ?? "bank") as CardType,
          channel: channel?.name ?? "",
          amount: centsToDecimal(row.amount),
          status: row.status as ReviewStatus,
          reason: row.reason,
        })),
      ),
    ctx.db.select({ n: count() }).from(recharges).where(where),
    page,
  );
}

/** Withdrawals the user requested today, by the platform's calendar. */
async function withdrawalsToday(db: Db | Tx, userId: number, now: number, timezone: string): Promise<number> {
  const today = platformClock(now, timezone).date;
  const recent = await db
    .select({ createdAt: withdrawals.createdAt })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), gte(withdrawals.createdAt, now - 2 * 86400)));
  return recent.filter((row) => platformClock(row.createdAt, timezone).date === today).length;
}

export async function cashInfo(ctx: ServiceContext, user: UserRow): Promise<WithdrawalInfo> {
  const rules = await moneySettings(ctx.db);
  const fresh = await freshUser(ctx, user.id);
  return {
    rules: {
      min: centsToDecimal(rules.withdrawMin),
      max: centsToDecimal(rules.withdrawMax),
      feeRate: bpsToRate(rules.withdrawFeeBps),
      window: `${rules.windowStart}-${rules.windowEnd}`,
      timezone: rules.timezone,
      dailyCount: rules.dailyCount,
      usedToday: await withdrawalsToday(ctx.db, user.id, ctx.now(), rules.timezone),
    },
    cards: await listCards(ctx, user),
    balance: centsToDecimal(fresh.cash),
  };
}

/** A withdrawal request: checked against every rule, then the amount moves to frozen until reviewed. */
export async function withdraw(
  ctx: ServiceContext,
  user: UserRow,
  input: { amount: string; cardId: number; payPassword: string },
): Promise<WithdrawalRecord> {
  const amount = amountOf(input.amount);
  const rules = await moneySettings(ctx.db);
  const now = ctx.now();
  const { minutes } = platformClock(now, rules.timezone);
  if (minutes < toMinutes(rules.windowStart) || minutes >= toMinutes(rules.windowEnd)) throw new AppError("withdraw_time_limit");
  const cards = await ctx.db.select().from(bankCards).where(eq(bankCards.userId, user.id));
  if (cards.length === 0) throw new AppError("card_required");
  const card = cards.find((c) => c.id === input.cardId);
  if (!card) throw new AppError("card_not_found");
  if (amount < rules.withdrawMin || amount > rules.withdrawMax) {
    // the range goes with the refusal: an amount below the minimum does not "exceed" anything
    throw new AppError("withdraw_amount_limit", { min: limitText(rules.withdrawMin), max: limitText(rules.withdrawMax) });
  }
  await requireFundPassword(ctx, user, input.payPassword);
  const fee = applyRate(amount, rules.withdrawFeeBps);
  const row = await ctx.db.transaction(async (tx) => {
    // the user row lock makes the daily count hold under concurrent requests
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    // and a card removed since it was looked up above is not paid to
    const [still] = await tx.select({ id: bankCards.id }).from(bankCards).where(eq(bankCards.id, card.id));
    if (!still) throw new AppError("card_not_found");
    if ((await withdrawalsToday(tx, user.id, now, rules.timezone)) >= rules.dailyCount) throw new AppError("withdraw_count_limit");
    const [created] = await tx
      .insert(withdrawals)
      .values({ userId: user.id, cardId: card.id, amount, fee, actual: amount - fee, createdAt: now })
      .returning();
    await moveMoney(
      tx,
      user.id,
      [
        { account: "cash", delta: -amount, reason: "withdrawal_request" },
        { account: "frozen", delta: amount, reason: "withdrawal_request" },
      ],
      `withdrawal:${created!.id}`,
      now,
    );
    return created!;
  });
  return toWithdrawRecord(row, card);
}

function toWithdrawRecord(row: typeof withdrawals.$inferSelect, card: typeof bankCards.$inferSelect | null): WithdrawalRecord {
  return {
    id: row.id,
    time: row.createdAt,
    type: (card?.type ?? "bank") as CardType,
    bankName: card?.bankName ?? "",
    amount: centsToDecimal(row.amount),
    fee: centsToDecimal(row.fee),
    actual: centsToDecimal(row.actual),
    status: row.status as ReviewStatus,
    reason: row.reason,
  };
}

export async function withdrawRecords(ctx: ServiceContext, user: UserRow, page: number): Promise<RecordPage<WithdrawalRecord>> {
  const where = eq(withdrawals.userId, user.id);
  return paged(
    ctx.db
      .select({ row: withdrawals, card: bankCards })
      .from(withdrawals)
      .leftJoin(bankCards, eq(bankCards.id, withdrawals.cardId))
      .where(where)
      .orderBy(desc(withdrawals.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE)
      .then((rows) => rows.map(({ row, card }) => toWithdrawRecord(row, card))),
    ctx.db.select({ n: count() }).from(withdrawals).where(where),
    page,
  );
}
