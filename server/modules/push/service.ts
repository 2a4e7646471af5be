import { and, asc, eq, ne } from "drizzle-orm";

import type { LanguageCode } from "#contract/languages";
import type { PushAnswers } from "#contract/push";
import type { PushSubscribeRequest } from "#contract/schemas/push";

import { pushSubscriptions, type users } from "../../db/schema";
import { vapidKeys } from "../../db/vapid-keys";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { pushEndpointAllowed } from "./endpoints";

/** Devices one customer may have subscribed at once; a new one beyond it replaces the oldest. */
export const MAX_DEVICES_PER_USER = 10;

export async function pushPublicKey(ctx: ServiceContext): Promise<PushAnswers["pushKey"]> {
  return { publicKey: (await vapidKeys(ctx.db)).publicKey };
}

/**
 * Stores this device's subscription for the customer. The endpoint is the device: subscribing again replaces its
 * keys; a subscription another customer had on this browser (a shared phone) is dropped with whatever was still
 * waiting to be sent to it, so nothing of theirs reaches the new customer.
 */
export async function subscribePush(
  ctx: ServiceContext,
  user: Pick<typeof users.$inferSelect, "id">,
  input: PushSubscribeRequest,
  device: { userAgent: string | null; language: LanguageCode; extraOrigins: readonly string[] },
): Promise<PushAnswers["pushSubscribe"]> {
  const { endpoint, keys } = input.subscription;
  if (!pushEndpointAllowed(endpoint, device.extraOrigins)) throw new AppError("invalid_input");
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, endpoint), ne(pushSubscriptions.userId, user.id)));
    await tx
      .insert(pushSubscriptions)
      .values({
        userId: user.id,
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        userAgent: device.userAgent?.slice(0, 512) ?? null,
        language: device.language,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { p256dh: keys.p256dh, auth: keys.auth, userAgent: device.userAgent?.slice(0, 512) ?? null, language: device.language },
      });
    const devices = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id))
      .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
    for (const stale of devices.slice(0, Math.max(0, devices.length - MAX_DEVICES_PER_USER)))
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, stale.id));
  });
  return { subscribed: true };
}

/** Removes this device's subscription, only the customer's own. */
export async function unsubscribePush(
  ctx: ServiceContext,
  user: Pick<typeof users.$inferSelect, "id">,
  endpoint: string,
): Promise<PushAnswers["pushUnsubscribe"]> {
  const removed = await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, user.id)))
    .returning({ id: pushSubscriptions.id });
  return { removed: removed.length > 0 };
}
