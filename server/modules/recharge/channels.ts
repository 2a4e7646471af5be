import { createHash } from "node:crypto";

import { asc, eq } from "drizzle-orm";

import type { CardType } from "#contract/cards";
import { withTranslations } from "#contract/localized-texts";

import { depositChannels } from "../../db/schema";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { recogniseImage } from "./image-check";

/*
 * The deposit channels customers recharge through, as operators keep them: their QR images checked as uploads
 * are, shown to the console as links with a fingerprint, written with their translations.
 */

type ChannelRow = typeof depositChannels.$inferSelect;

const DATA_URL = /^data:(image\/(?:png|jpeg|webp));base64,([A-Za-z0-9+/=]+)$/;

/** The image inside a stored QR data URL, checked as the upload check checks a screenshot; null if none. */
function qrImage(qr: string | null): { bytes: Buffer; mime: string; ext: string } | null {
  const match = qr ? DATA_URL.exec(qr) : null;
  if (!match) return null;
  const bytes = Buffer.from(match[2]!, "base64");
  const kind = recogniseImage(bytes);
  return kind && kind.mime === match[1] ? { bytes, mime: kind.mime, ext: kind.ext } : null;
}

/** A QR the operator sends must be one clean image of the type it claims (no polyglot, nothing after its end). */
function requireCleanQr(qr: string | undefined) {
  if (qr !== undefined && !qrImage(qr)) throw new AppError("invalid_input", {}, "request");
}

/**
 * A channel as the console shows it and the audit log keeps it: the QR as a link the operator's session can
 * open, with its size and a fingerprint, never the image itself (a log row is no place for 60 KB of base64).
 */
export function describeChannel(row: ChannelRow) {
  const image = qrImage(row.qr);
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    nameTexts: row.nameTexts ?? {},
    account: row.account,
    note: row.note,
    noteTexts: row.noteTexts ?? {},
    enabled: row.enabled,
    qr: image
      ? {
          url: `/api/ops/channel-qr/${row.id}`,
          bytes: image.bytes.length,
          sha256: createHash("sha256").update(image.bytes).digest("hex").slice(0, 16),
        }
      : null,
  };
}

export async function listChannelsForOps(ctx: ServiceContext) {
  const rows = await ctx.db.select().from(depositChannels).orderBy(asc(depositChannels.id));
  return rows.map(describeChannel);
}

export async function channelQr(ctx: ServiceContext, id: number) {
  const [row] = await ctx.db.select({ qr: depositChannels.qr }).from(depositChannels).where(eq(depositChannels.id, id));
  return qrImage(row?.qr ?? null);
}

export async function findChannel(ctx: ServiceContext, id: number) {
  const [row] = await ctx.db.select().from(depositChannels).where(eq(depositChannels.id, id));
  return row ?? null;
}

export async function setChannel(
  ctx: ServiceContext,
  input: {
    id?: number;
    type: CardType;
    name: string;
    account: string;
    note: string;
    enabled: boolean;
    qr?: string;
    clearQr: boolean;
  } & Record<string, unknown>,
) {
  requireCleanQr(input.qr);
  const stored = input.id ? await findChannel(ctx, input.id) : null;
  // a change without a new QR keeps the one the channel has, unless clearQr=1 removes it
  const qr = input.qr ? { qr: input.qr } : input.clearQr || !input.id ? { qr: null } : {};
  const values = {
    type: input.type,
    name: input.name,
    account: input.account,
    note: input.note,
    enabled: input.enabled,
    ...qr,
    nameTexts: withTranslations(stored?.nameTexts, input, "name"),
    noteTexts: withTranslations(stored?.noteTexts, input, "note"),
  };
  if (input.id) {
    const [row] = await ctx.db.update(depositChannels).set(values).where(eq(depositChannels.id, input.id)).returning();
    if (!row) throw new AppError("channel_not_found");
    return row;
  }
  const [row] = await ctx.db.insert(depositChannels).values(values).returning();
  return row;
}
