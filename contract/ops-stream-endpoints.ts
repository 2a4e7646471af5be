import type { EndpointSpec } from "./endpoints";
import { EVERY_ROLE } from "./operators";
import { opsStreamPaths } from "./ops-stream";
import { emptyRequest } from "./schemas/fields";
import { streamRequest } from "./schemas/stream";

/** The console's stream endpoints with their request schemas (the server's routes, OpenAPI, the fuzz test). */
export const opsStreamEndpoints = {
  opsStreamTicket: {
    ...opsStreamPaths.opsStreamTicket,
    summary: "A one-use ticket (30 s) that opens the console's update stream, GET /api/ops/stream, for the signed-in operator",
    request: emptyRequest,
    roles: EVERY_ROLE,
  },
  opsStream: {
    ...opsStreamPaths.opsStream,
    summary:
      "The console's update stream (text/event-stream): the queues and order figures that changed, only the topics the operator's role may read; Last-Event-ID (or lastEventId) resumes it, a comment every 15 s keeps it open",
    request: streamRequest,
  },
} satisfies Record<keyof typeof opsStreamPaths, EndpointSpec>;
