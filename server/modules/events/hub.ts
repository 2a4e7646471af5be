import { and, asc, eq, gt, gte, inArray, or, sql } from "drizzle-orm";

import { STREAM_RETENTION_SECONDS } from "#contract/stream";

import type { Database, Db } from "../../db/client";
import { EVENTS_CHANNEL } from "../../db/outbox";
import { events } from "../../db/schema";

export interface StoredEvent {
  id: number;
  userId: number | null;
  audience: "user" | "ops";
  kind: string;
  payload: unknown;
  createdAt: number;
}

/** An open stream: a customer's (userId) or the console's (userId null). */
export interface StreamListener {
  readonly userId: number | null;
  deliver(event: StoredEvent): void;
}

/** Rows read per query: a burst (a settlement batch of a thousand orders) is read in a few round trips. */
const READ_BATCH = 500;
/**
 * Ids below the newest one read but not seen yet: a transaction that took its id earlier may still commit.
 * Looked for again until this old (then taken for rolled back: sequences leave holes).
 */
const GAP_MS = 10_000;
/** At most this many such holes are watched; a larger jump (a bulk rollback) is not worth the query. */
const MAX_GAPS = 2_000;
/** Read anyway this often, should a notification be lost (the listening connection dropped and came back). */
const SAFETY_POLL_MS = 1_000;

/**
 * This process's side of the update stream: it holds the open streams and hands each new outbox row to the ones
 * it is for. Every process learns of new rows from the notification their transaction sent at commit (or the
 * safety poll) and reads them from the database, so a stream held by any process hears a change made in any.
 * Ids are read in order from the newest seen; an id skipped because its transaction had not committed yet is
 * looked for again for a while.
 */
export class EventHub {
  /** the newest id read; null until the first read has found where the outbox stands */
  private lastId: number | null = null;
  private readonly gaps = new Map<number, number>();
  private readonly byUser = new Map<number, Set<StreamListener>>();
  private readonly ops = new Set<StreamListener>();
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private timer: NodeJS.Timeout | undefined;
  private stopListening: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: (message: string) => void,
    private readonly nowMs: () => number = Date.now,
  ) {}

  /**
   * Listens for new events. The first read starts from the newest event there is (older ones are for resuming
   * streams); it happens at once, off the caller's path.
   */
  async start(listen?: Database["listen"]): Promise<void> {
    this.wake();
    if (listen)
      this.stopListening = await listen(
        EVENTS_CHANNEL,
        () => this.wake(),
        () => this.wake(),
      );
    this.timer = setInterval(() => this.wake(), SAFETY_POLL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.stopListening?.();
    await this.reading;
  }

  /** Open streams on this process. */
  get streamCount(): number {
    let count = this.ops.size;
    for (const listeners of this.byUser.values()) count += listeners.size;
    return count;
  }

  /** Hands the listener every new event for it until the returned function is called. */
  subscribe(listener: StreamListener): () => void {
    const set = listener.userId === null ? this.ops : (this.byUser.get(listener.userId) ?? new Set<StreamListener>());
    set.add(listener);
    if (listener.userId !== null) this.byUser.set(listener.userId, set);
    return () => {
      set.delete(listener);
      if (listener.userId !== null && set.size === 0 && this.byUser.get(listener.userId) === set) this.byUser.delete(listener.userId);
    };
  }

  /** Reads what is new now; calls while a read runs make one more read after it. */
  wake(): void {
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = this.readNew()
      .catch((error) => this.log(`stream: reading events failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        this.reading = null;
        if (this.readAgain) {
          this.readAgain = false;
          this.wake();
        }
      });
  }

  /** Resolves once every event committed before the call has been handed out (tests, the bench). */
  async caughtUp(): Promise<void> {
    while (this.reading) await this.reading;
    this.wake();
    while (this.reading) await this.reading;
  }

  /** A stream's events after `afterId` within the retention (a stream that comes back resumes from its last). */
  async history(listener: Pick<StreamListener, "userId">, afterId: number, now: number): Promise<StoredEvent[]> {
    const audience =
      listener.userId === null ? eq(events.audience, "ops") : and(eq(events.audience, "user"), eq(events.userId, listener.userId));
    const rows = await this.db
      .select()
      .from(events)
      .where(and(audience, gt(events.id, afterId), gte(events.createdAt, now - STREAM_RETENTION_SECONDS)))
      .orderBy(asc(events.id))
      .limit(1_000);
    return rows;
  }

  private async readNew(): Promise<void> {
    if (this.lastId === null) {
      const [row] = await this.db.select({ newest: sql<string | number | null>`max(${events.id})` }).from(events);
      this.lastId = Number(row?.newest ?? 0);
      return;
    }
    for (;;) {
      const waiting = [...this.gaps.keys()];
      const rows = await this.db
        .select()
        .from(events)
        .where(waiting.length > 0 ? or(gt(events.id, this.lastId), inArray(events.id, waiting)) : gt(events.id, this.lastId))
        .orderBy(asc(events.id))
        .limit(READ_BATCH);
      const now = this.nowMs();
      for (const row of rows) {
        if (row.id > this.lastId) {
          if (row.id - this.lastId - 1 <= MAX_GAPS) for (let id = this.lastId + 1; id < row.id; id++) this.gaps.set(id, now);
          this.lastId = row.id;
        } else {
          this.gaps.delete(row.id);
        }
        this.dispatch(row);
      }
      for (const [id, since] of this.gaps) if (now - since > GAP_MS) this.gaps.delete(id);
      if (rows.length < READ_BATCH) return;
    }
  }

  private dispatch(event: StoredEvent): void {
    const listeners = event.audience === "ops" ? this.ops : event.userId === null ? undefined : this.byUser.get(event.userId);
    if (!listeners) return;
    for (const listener of listeners) {
      try {
        listener.deliver(event);
      } catch (error) {
        this.log(`stream: delivering event ${event.id} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}
