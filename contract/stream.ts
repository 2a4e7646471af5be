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
}

/** What the console hears: the queues and figures that changed. */
export interface OpsStreamPayloads {
  order_placed: { orderId: number; pid: number };
  queue_changed: { queue: "recharge" | "withdrawal" | "verification" };
}

export type UserStreamKind = keyof UserStreamPayloads;
export type OpsStreamKind = keyof OpsStreamPayloads;

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
