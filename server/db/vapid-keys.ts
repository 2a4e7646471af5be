import { eq } from "drizzle-orm";
import webpush from "web-push";

import type { Db } from "./client";
import { settings } from "./schema";

/** The settings row holding the server's VAPID key pair (docs/operations.md, "Web Push keys"). */
export const VAPID_SETTING = "vapid_keys";

export interface VapidKeys {
  /** base64url, the uncompressed P-256 point browsers take as `applicationServerKey` */
  publicKey: string;
  /** base64url, the 32-byte private scalar that signs every push request's JWT */
  privateKey: string;
}

/**
 * The server's VAPID keys, made the first time any process asks (at start) and kept in the database, so every
 * process signs with the same pair and a restart keeps the customers' subscriptions valid: a browser's
 * subscription is bound to the public key it was made with. Two processes starting together both try the
 * insert; the first wins and both read its pair. It sits in the db layer because the job leader's sender signs
 * with it and jobs may not import services.
 */
export async function vapidKeys(db: Db): Promise<VapidKeys> {
  const stored = await readVapidKeys(db);
  if (stored) return stored;
  const made = webpush.generateVAPIDKeys();
  await db
    .insert(settings)
    .values({ key: VAPID_SETTING, value: JSON.stringify({ publicKey: made.publicKey, privateKey: made.privateKey }) })
    .onConflictDoNothing();
  const kept = await readVapidKeys(db);
  if (!kept) throw new Error("the VAPID keys could not be stored");
  return kept;
}

async function readVapidKeys(db: Db): Promise<VapidKeys | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, VAPID_SETTING));
  if (!row) return null;
  const parsed = JSON.parse(row.value) as Partial<VapidKeys>;
  if (typeof parsed.publicKey !== "string" || typeof parsed.privateKey !== "string") throw new Error("the stored VAPID keys are malformed");
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}
