import { call } from "@/api/client";
import { supportPaths } from "#contract/support-chat";

export const fetchSupportThread = (after: number) => call(supportPaths.supportThread, { after }, { quiet: true });
/** Quiet: a line that cannot be sent now waits in the outbox, and the chat says so in place of a toast. */
export const sendSupportLine = (fields: { text?: string; image?: string; requestId: string }) =>
  call(supportPaths.supportSend, fields, { quiet: true });
export const markSupportRead = (upTo: number) => call(supportPaths.supportRead, { upTo }, { quiet: true });
