import type { EndpointSpec } from "./endpoints";
import { emptyRequest } from "./schemas/fields";
import {
  setSupportCannedRequest,
  supportAssignRequest,
  supportCannedRequest,
  supportNoteRequest,
  supportReplyRequest,
  supportThreadForOpsRequest,
  supportThreadsRequest,
} from "./schemas/support-chat";
import { supportDeskPaths } from "./support-chat";

/** The console's support chat with its request schemas (the server's routes, OpenAPI, the fuzz test). */
export const supportDeskEndpoints = {
  supportThreads: {
    ...supportDeskPaths.supportThreads,
    summary:
      "Support threads, newest line first, 50 a page: view (unassigned by default, mine, all), status (waiting, answered, all), since/until of the last line, q (account or phone prefix, user:<id>), cursor",
    request: supportThreadsRequest,
  },
  supportThreadForOps: {
    ...supportDeskPaths.supportThreadForOps,
    summary: "A customer's support thread: every line with internal notes marked, and the canned replies in the customer's language",
    request: supportThreadForOpsRequest,
  },
  supportReply: {
    ...supportDeskPaths.supportReply,
    summary:
      "Answer a customer in their thread: text and/or a link to one of their records (recordKind recharge, withdrawal or order, recordId)",
    request: supportReplyRequest,
  },
  supportNote: {
    ...supportDeskPaths.supportNote,
    summary: "An internal note in a customer's thread: shown to operators, never to the customer",
    request: supportNoteRequest,
  },
  supportAssign: {
    ...supportDeskPaths.supportAssign,
    summary: "Give a thread to a support operator or admin (operatorId), or to nobody (no operatorId)",
    request: supportAssignRequest,
  },
  supportColleagues: {
    ...supportDeskPaths.supportColleagues,
    summary: "The operators a thread can be given to: support and admin operators who are not disabled, by name",
    request: emptyRequest,
  },
  supportCanned: {
    ...supportDeskPaths.supportCanned,
    summary: "The canned replies of one language (language), or of all",
    request: supportCannedRequest,
  },
  setSupportCanned: {
    ...supportDeskPaths.setSupportCanned,
    summary: "Add a canned reply (no id), change one (id), or remove one (id, remove=1); answers that language's replies",
    request: setSupportCannedRequest,
  },
} satisfies Record<keyof typeof supportDeskPaths, EndpointSpec>;
