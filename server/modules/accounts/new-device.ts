import { and, eq } from "drizzle-orm";

import { newDeviceNotice } from "#contract/catalogue";
import { NEW_DEVICE_MESSAGE } from "#contract/inbox";

import type { Tx } from "../../db/client";
import { recordEvents } from "../../db/outbox";
import { customerSignIns } from "../../db/schema";
import type { SignInSeen } from "../customers/sign-ins";
import { type Translate, writeCustomerMessage } from "../inbox/customer-message";
import { deviceInWords } from "./device-words";

/**
 * Whether this sign-in comes from a device the customer has not registered or signed in on before, by the
 * device id the app keeps in its storage. Asked before the sign-in is recorded. A sign-in without a device id
 * (not the app: a script, a client that dropped it) has nothing to recognise and is not told of: a message on
 * every such sign-in would teach the customer to ignore the message (docs/decisions.md).
 */
async function deviceIsNew(tx: Tx, userId: number, deviceId: string | null): Promise<boolean> {
  if (deviceId === null) return false;
  const [seen] = await tx
    .select({ id: customerSignIns.id })
    .from(customerSignIns)
    .where(and(eq(customerSignIns.userId, userId), eq(customerSignIns.deviceId, deviceId)))
    .limit(1);
  return !seen;
}

const utcMinute = (at: number) => new Date(at * 1000).toISOString().slice(0, 16).replace("T", " ");

/**
 * Writes the customer an inbox message in their language when a sign-in comes from a new device: the device in
 * words, the address and the time. In the sign-in's transaction, so it exists exactly when the session does.
 */
export async function tellOfNewDevice(
  tx: Tx,
  translate: Translate,
  sign: { userId: number; seen: SignInSeen; userAgent: string | null; now: number },
): Promise<void> {
  if (!(await deviceIsNew(tx, sign.userId, sign.seen.deviceId))) return;
  const device = deviceInWords(sign.userAgent);
  const messageId = await writeCustomerMessage(tx, translate, {
    userId: sign.userId,
    type: NEW_DEVICE_MESSAGE,
    title: newDeviceNotice.title,
    body: newDeviceNotice.body,
    values: { address: sign.seen.ip, time: utcMinute(sign.now) },
    // the device's words are in the customer's language too, so they are rendered with the body's
    languageValues: (language) => ({ device: translate(language, device.descriptor, device.values) }),
    now: sign.now,
  });
  await recordEvents(tx, [{ userId: sign.userId, kind: "message", data: { id: messageId } }], sign.now);
}
