import type { AdjustmentChange, OpsQueue, QueueChange } from "#contract/stream";

import type { Db, Tx } from "../../db/client";
import { recordEvents } from "../../db/outbox";

/**
 * Tells the console a review queue changed, inside the change's transaction: every operator watching that
 * queue (or the dashboard's count of it) reads it again once the request or the decision has committed.
 */
export function tellConsoleQueueChanged(tx: Db | Tx, queue: OpsQueue, change: QueueChange, now: number): Promise<void> {
  return recordEvents(tx, [{ userId: null, kind: "queue_changed", data: { queue, change } }], now);
}

/**
 * Tells every process that an operator's sessions or role changed (signed out, disabled, re-roled, a session
 * ended), inside that change's transaction: the console streams that operator holds check their session as soon
 * as it commits, and close when it no longer stands as they opened. Without it they notice at their next
 * heartbeat.
 */
export function tellStreamsOperatorChanged(tx: Db | Tx, operatorId: number, now: number): Promise<void> {
  return recordEvents(tx, [{ userId: null, kind: "operator_changed", data: { operatorId } }], now);
}

/**
 * Tells the console a manual adjustment was proposed, applied or rejected, inside that change's transaction: the
 * adjustments list and the dashboard's count of proposals waiting read again once it has committed.
 */
export function tellConsoleAdjustmentChanged(tx: Db | Tx, id: number, change: AdjustmentChange, now: number): Promise<void> {
  return recordEvents(tx, [{ userId: null, kind: "adjustment_changed", data: { id, change } }], now);
}
