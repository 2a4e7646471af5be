import type { OpsQueue, QueueChange } from "#contract/stream";

import type { Db, Tx } from "../../db/client";
import { recordEvents } from "../../db/outbox";

/**
 * Tells the console a review queue changed, inside the change's transaction: every operator watching that
 * queue (or the dashboard's count of it) reads it again once the request or the decision has committed.
 */
export function tellConsoleQueueChanged(tx: Db | Tx, queue: OpsQueue, change: QueueChange, now: number): Promise<void> {
  return recordEvents(tx, [{ userId: null, kind: "queue_changed", data: { queue, change } }], now);
}
