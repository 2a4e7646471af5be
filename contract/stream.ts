import { type OpsRole, roleAllows } from "./operators";

/**
 * The update stream (GET /api/stream, server-sent events): what a customer's or the console's screens learn
 * without asking. Each event's `data` is JSON of the payload below; its SSE `id` resumes a dropped stream.
 */

/** What a customer hears: their own changes only. */
export interface UserStreamPayloads {
  /** an order of theirs settled (its record and the balance changed): the screens read it again for the figures */
  order_settled: { orderId: number; pid: number; result: "win" | "loss" | "tie" };
  /** an order of theirs was voided and its stake and fee returned */
  order_void: { orderId: number; pid: number; reason: string };
  /** a recharge, withdrawal or real-name request of theirs was decided */
  review_decided: { kind: "recharge" | "withdrawal" | "verification"; status: "success" | "failed" };
  /** a message to them arrived */
  message: { id: number };
  /** their balance moved by an operator's hand (an adjustment applied): the wallet and Mine read it again */
  balance_changed: { reason: "adjustment" };
  /** a line of their own reached their support thread (from this device or another): the chat reads what is new */
  support_line: { lineId: number };
  /**
   * support answered them: the chat reads what is new, the unread badge counts it. Also what a push
   * notification of the reply hooks: the line's id, who answered, and the start of its text (null for a record link)
   */
  "support.reply": { lineId: number; operatorName: string; text: string | null };
}

/**
 * What the console hears: the queues and figures that changed, never the figures themselves (the page reads
 * them again through the endpoint whose roles already apply).
 */
export interface OpsStreamPayloads {
  /** a customer placed an order: the day's order figures and the open exposure changed */
  order_placed: { orderId: number; pid: number };
  /** a settlement batch closed orders (one event per batch, not per order) */
  orders_settled: { count: number };
  /** orders were voided and refunded (a halted feed, a switched source) */
  orders_voided: { count: number; pid: number; reason: string };
  /** a request joined a review queue, or an operator decided one (so every other operator's queue updates) */
  queue_changed: { queue: OpsQueue; change: QueueChange };
  /**
   * an operator signed out, or their role, state or sessions changed: never sent to a console (it has no topic);
   * it tells every process to check that operator's open streams against their session now
   */
  operator_changed: { operatorId: number };
  /** the job leader raised an alert: heard by the roles of its topic (a large win or a stale feed: orders) */
  alert_raised: { id: number; topic: OpsTopic };
  /** an operator acknowledged an alert: every console showing it reads the alerts again */
  alert_acknowledged: { id: number; topic: OpsTopic };
  /** a manual adjustment was proposed, or a second person applied or rejected it */
  adjustment_changed: { id: number; change: AdjustmentChange };
  /** a support thread changed: a customer's line, a reply, a note, an assignment, or the customer read support's lines */
  support_changed: { userId: number; change: SupportChange };
}

/** How a support thread changed. */
export type SupportChange = "customer_line" | "reply" | "note" | "assigned" | "read";

/** How a manual adjustment changed: proposed by one person, then applied or rejected by another. */
export type AdjustmentChange = "proposed" | "applied" | "rejected";

export type OpsQueue = "recharge" | "withdrawal" | "verification";

export type UserStreamKind = keyof UserStreamPayloads;
export type OpsStreamKind = keyof OpsStreamPayloads;

/**
 * What a console page listens for: a queue, the manual adjustments, or the orders (the dashboard's figures and
 * the risk panel). Each is heard only by the roles that may read it: a queue by the roles of its review
 * endpoints, the adjustments and the orders by finance (money), so a support operator's stream carries the
 * real-name queue and nothing about money.
 */
export type OpsTopic = OpsQueue | "orders" | "adjustment" | "support";

export const OPS_TOPIC_ROLES: Record<OpsTopic, readonly OpsRole[]> = {
  recharge: ["finance"],
  withdrawal: ["finance"],
  verification: ["support"],
  orders: ["finance"],
  adjustment: ["finance"],
  support: ["support"],
};

/** The topic an event of the console's stream belongs to. */
export function opsTopicOf(event: { kind: string; data: unknown }): OpsTopic | null {
  switch (event.kind) {
    case "order_placed":
    case "orders_settled":
    case "orders_voided":
      return "orders";
    case "adjustment_changed":
      return "adjustment";
    case "support_changed":
      return "support";
    case "alert_raised":
    case "alert_acknowledged": {
      const topic = (event.data as { topic?: unknown } | null)?.topic;
      return typeof topic === "string" && topic in OPS_TOPIC_ROLES ? (topic as OpsTopic) : null;
    }
    case "queue_changed": {
      const queue = (event.data as { queue?: unknown } | null)?.queue;
      return queue === "recharge" || queue === "withdrawal" || queue === "verification" ? queue : null;
    }
    default:
      return null;
  }
}

/** Whether an operator of `role` hears a topic (admin hears every one). */
export const operatorHears = (role: OpsRole, topic: OpsTopic) => roleAllows(role, { roles: OPS_TOPIC_ROLES[topic] });

/**
 * How a review queue changed: a request came in, the first of two approvals was recorded (the row now waits for
 * a second, different operator), or it was decided.
 */
export type QueueChange = "submitted" | "first_approval" | "decided";

export type StreamEvent =
  | { [K in UserStreamKind]: { id: number; kind: K; data: UserStreamPayloads[K] } }[UserStreamKind]
  | { [K in OpsStreamKind]: { id: number; kind: K; data: OpsStreamPayloads[K] } }[OpsStreamKind];

/** A stream ticket opens one stream within this many seconds of being issued, once. */
export const STREAM_TICKET_SECONDS = 30;
/** A comment line this often keeps proxies and the browser from closing a quiet stream. */
export const STREAM_HEARTBEAT_SECONDS = 15;
/** Events are kept this long: a stream that comes back within it misses nothing. */
export const STREAM_RETENTION_SECONDS = 24 * 3600;
/** The SSE `retry:` the server asks of the browser before it reconnects (ms). */
export const STREAM_RETRY_MS = 3000;

/** A one-use ticket that opens one stream (EventSource cannot send the token header). */
export interface StreamTicket {
  ticket: string;
}

/**
 * What the stream paths answer, by path name (contract/paths.ts). The stream is not an envelope: it is
 * `text/event-stream`, and each event it sends is one of these.
 */
export interface StreamAnswers {
  streamTicket: StreamTicket;
  stream: StreamEvent;
}
