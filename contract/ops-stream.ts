import type { ApiPath } from "./paths";

/** What POST /api/ops/stream_ticket answers: the ticket for GET /api/ops/stream. */
export interface StreamTicket {
  ticket: string;
}

const opsStreamTicket: ApiPath<StreamTicket> & { method: "POST"; auth: "ops" } = {
  method: "POST",
  path: "/api/ops/stream_ticket",
  auth: "ops",
};

/**
 * The console's update stream: a one-use ticket issued to the signed-in operator (EventSource can send no
 * header, and a session in a URL would end up in logs), then the stream it opens. Its events are the console's
 * kinds of contract/stream.ts, only the topics the operator's role may read.
 */
export const opsStreamPaths = {
  opsStreamTicket,
  opsStream: { method: "GET", path: "/api/ops/stream", auth: "none" } as const satisfies ApiPath,
};
