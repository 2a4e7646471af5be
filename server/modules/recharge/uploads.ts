import { createHash, randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

import { and, count, eq, gt, sql, sum } from "drizzle-orm";

import type { UploadAnswer } from "#contract/recharge";

import { recharges, supportLines, uploads, users } from "../../db/schema";
import type { UserRow } from "../accounts/sessions";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { recogniseImage } from "./image-check";

export interface UploadContext extends ServiceContext {
  uploadsDir: string;
}

/** Per user: uploads no recharge or support line uses yet, and bytes stored in the last 24 hours. */
const UPLOAD_QUOTA = { unattached: 20, bytesPerDay: 50 * 1024 * 1024 };

const unattached = (userId: number) =>
  and(
    eq(uploads.userId, userId),
    sql`not exists (select 1 from ${recharges} where ${recharges.uploadId} = ${uploads.id})`,
    sql`not exists (select 1 from ${supportLines} where ${supportLines.uploadId} = ${uploads.id})`,
  );

/**
 * Stores an uploaded image under a random name, with the SHA-256 of its bytes (the same picture may be
 * uploaded again, but backs one recharge only: submitRecharge); only bytes that are a clean PNG, JPEG or WebP are kept, and
 * only within the user's quota (checked under the user's row lock, so parallel uploads cannot pass it).
 */
export async function saveUpload(ctx: UploadContext, user: UserRow, bytes: Buffer): Promise<UploadAnswer> {
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
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    await tx.insert(uploads).values({ userId: user.id, name, mime: kind.mime, size: bytes.length, sha256, createdAt: now });
    await writeFile(join(ctx.uploadsDir, name), bytes, { flag: "wx" });
  });
  return { url: `/api/files/${name}` };
}

export async function findUpload(ctx: ServiceContext, name: string) {
  const [row] = await ctx.db.select().from(uploads).where(eq(uploads.name, name)).limit(1);
  return row;
}
