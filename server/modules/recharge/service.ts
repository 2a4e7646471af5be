import { and, count, desc, eq, or } from "drizzle-orm";

import { centsToDecimal } from "#contract/format";
import type { LanguageCode } from "#contract/languages";
import { localText } from "#contract/localized-texts";
import type { RecordPage } from "#contract/paging";
import { PAGE_SIZE } from "#contract/paging";
import type { RechargeInfo, RechargeRecord } from "#contract/recharge";

import { isUniqueViolation } from "../../db/errors";
import { depositChannels, recharges, uploads, users } from "../../db/schema";
import type { UserRow } from "../accounts/sessions";
import { limitText } from "../amounts";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { tellConsoleQueueChanged } from "../events/console-events";
import { moneySettings } from "../money/settings";
import { paged } from "../paged";
import { refuseDepositOverLimits } from "../self-limits/guards";
import { findUpload } from "./uploads";

export async function rechargeInfo(ctx: ServiceContext, language: LanguageCode): Promise<RechargeInfo> {
  const rules = await moneySettings(ctx.db);
  const channels = await ctx.db.select().from(depositChannels).where(eq(depositChannels.enabled, true)).orderBy(depositChannels.id);
  return {
    channels: channels.map((c) => ({
      id: c.id,
      type: c.type,
      name: localText(c.name, c.nameTexts, language),
      account: c.account,
      qr: c.qr,
      note: localText(c.note, c.noteTexts, language),
    })),
    minAmount: centsToDecimal(rules.rechargeMin),
    notice: rules.rechargeNotice,
  };
}

/** Answers the new recharge as the records list shows it, the channel named in the reader's `language`. */
export async function submitRecharge(
  ctx: ServiceContext,
  user: UserRow,
  input: { channelId: number; amount: number; screenshot: string },
  language: LanguageCode,
): Promise<RechargeRecord> {
  const { amount } = input;
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
  // nor do the same bytes uploaded again (by anyone): one transfer's screenshot is one recharge's proof
  const sameUploadOrBytes = upload.sha256
    ? or(eq(recharges.uploadId, upload.id), eq(recharges.screenshotSha256, upload.sha256))
    : eq(recharges.uploadId, upload.id);
  const [used] = await ctx.db.select({ id: recharges.id }).from(recharges).where(sameUploadOrBytes).limit(1);
  if (used) throw new AppError("screenshot_used");
  let row: typeof recharges.$inferSelect | undefined;
  try {
    row = await ctx.db.transaction(async (tx) => {
      // shared lock: the clean-up of stale uploads cannot remove this one while it is being attached
      const [still] = await tx.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, upload.id)).for("share");
      if (!still) throw new AppError("invalid_input", {}, "screenshot");
      // the customer's own deposit and balance limits, under the user's row lock: two submissions never both fit
      const [account] = await tx.select({ cash: users.cash }).from(users).where(eq(users.id, user.id)).for("update");
      await refuseDepositOverLimits(tx, user.id, account?.cash ?? 0, amount, ctx.now(), "submitted");
      const [created] = await tx
        .insert(recharges)
        .values({
          userId: user.id,
          channelId: channel.id,
          amount,
          screenshot: `/api/files/${upload.name}`,
          uploadId: upload.id,
          screenshotSha256: upload.sha256,
          createdAt: ctx.now(),
        })
        .returning();
      await tellConsoleQueueChanged(tx, "recharge", "submitted", ctx.now());
      return created;
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // a concurrent request took the same upload, or an upload of the same bytes, first: a unique index refused this one
    if (isUniqueViolation(error, ["recharges_upload", "recharges_screenshot_sha256"])) throw new AppError("screenshot_used");
    throw error;
  }
  return {
    id: row!.id,
    time: row!.createdAt,
    type: channel.type,
    channel: localText(channel.name, channel.nameTexts, language),
    amount: centsToDecimal(amount),
    status: "review",
    reason: null,
  };
}

export async function rechargeRecords(
  ctx: ServiceContext,
  user: UserRow,
  page: number,
  language: LanguageCode,
): Promise<RecordPage<RechargeRecord>> {
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
          type: channel?.type ?? "bank",
          channel: channel ? localText(channel.name, channel.nameTexts, language) : "",
          amount: centsToDecimal(row.amount),
          status: row.status,
          reason: row.reason,
        })),
      ),
    ctx.db.select({ n: count() }).from(recharges).where(where),
    page,
  );
}
