import type { AdjustmentDirection } from "#contract/adjustments";
import { adjustmentNotices } from "#contract/catalogue";
import { centsToDecimal } from "#contract/format";

import type { Tx } from "../../db/client";
import { recordEvents } from "../../db/outbox";
import { type Translate, writeCustomerMessage } from "./customer-message";

/**
 * Tells the customer an adjustment of their cash was applied: a message in their language with the amount and
 * the reason, and the events that make their open wallet and inbox read again, all inside the application's own
 * transaction, so the customer hears of exactly the adjustments that were booked.
 */
export async function sendAdjustmentNotice(
  tx: Tx,
  translate: Translate,
  applied: { userId: number; direction: AdjustmentDirection; amount: number; reason: string; now: number },
): Promise<void> {
  const { title, body } = adjustmentNotices[applied.direction];
  const messageId = await writeCustomerMessage(tx, translate, {
    userId: applied.userId,
    title,
    body,
    values: { reason: applied.reason },
    amounts: { amount: centsToDecimal(applied.amount) },
    now: applied.now,
  });
  await recordEvents(
    tx,
    [
      { userId: applied.userId, kind: "balance_changed", data: { reason: "adjustment" } },
      { userId: applied.userId, kind: "message", data: { id: messageId } },
    ],
    applied.now,
  );
}
