import { createHash } from "node:crypto";

import { asc, eq } from "drizzle-orm";

import { depositChannels } from "../../db/schema";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { recogniseImage } from "../recharge/image-check";

type ChannelRow = typeof depositChannels.$inferSelect;

const DATA_URL = /^data:(image\/(?:png|jpeg|webp));base64,([A-Za-z0-9+/=]+)$/;

/** The image inside a stored QR data URL, checked as the upload check checks a screenshot; null if none. */
export function qrImage(qr: string | null): { bytes: Buffer; mime: string; ext: string } | null {
  const match = qr ? DATA_URL.exec(qr) : null;
  if (!match) return null;
  const bytes = Buffer.from(match[2]!, "base64");
  const kind = recogniseImage(bytes);
  return kind && kind.mime === match[1] ? { bytes, mime: kind.mime, ext: kind.ext } : null;
}

/** A QR the operator sends must be one clean image of the type it claims (no polyglot, nothing after its end). */
export function requireCleanQr(qr: string | undefined) {
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
