import type { ListPage } from "./lists";
import type { OpsPath } from "./ops-paths";
import type { AnsweredPaths, ApiPath } from "./paths";

/**
 * The support chat: one thread per customer, lines by the customer or an operator (text, an uploaded picture,
 * or a link to one of the customer's records), and operators' internal notes the customer never sees. Shapes,
 * constants and paths only (no zod), so the PWA and the console read them as the server writes them.
 */

/** A line's text is at most this many characters (a chat line, not a letter). */
export const SUPPORT_TEXT_MAX = 1000;
/** A thread read answers at most this many lines; `more` says there are others after the last. */
export const SUPPORT_LINES_PER_READ = 200;
/** A customer may send this many lines a minute from one address (and the upload path limits pictures). */
export const SUPPORT_SEND_PER_MINUTE = 20;

/** The customer's records a line may link, so an operator opens it from the thread. */
export const SUPPORT_RECORD_KINDS = ["recharge", "withdrawal", "order"] as const;
export type SupportRecordKind = (typeof SUPPORT_RECORD_KINDS)[number];

/** Who wrote a line. */
export type SupportAuthor = "customer" | "operator";

/** A thread waits for support after the customer wrote last, and is answered after an operator replied. */
export const SUPPORT_THREAD_STATUSES = ["waiting", "answered"] as const;
export type SupportThreadStatus = (typeof SUPPORT_THREAD_STATUSES)[number];

/** The console's inbox views: nobody's threads, the operator's own, every thread. */
export const SUPPORT_INBOX_VIEWS = ["unassigned", "mine", "all"] as const;
export type SupportInboxView = (typeof SUPPORT_INBOX_VIEWS)[number];

/** One line as the customer sees it. */
export interface SupportLine {
  id: number;
  author: SupportAuthor;
  /** the operator's name shown to the customer: null on the customer's own lines */
  operatorName: string | null;
  text: string | null;
  /** the picture's address for its reader (the customer's /api/files/…, the console's /api/ops/files/…) */
  image: string | null;
  /** a record of the customer's this line links */
  record: { kind: SupportRecordKind; id: number } | null;
  /** unix seconds, the server's */
  time: number;
}

/** One line as an operator sees it: internal notes too. */
export interface SupportLineForOps extends SupportLine {
  internal: boolean;
}

/** GET /api/user/support: the lines after the one asked from, oldest first, and how many are unread. */
export interface SupportThreadForCustomer {
  lines: SupportLine[];
  /** operator lines after the customer's read mark */
  unread: number;
  /** more lines follow the last one answered: ask again after it */
  more: boolean;
}

/** One row of the console's inbox. */
export interface SupportThreadRow {
  /** the thread's id: its customer's, as a thread is one per customer */
  id: number;
  userId: number;
  account: string;
  language: string;
  status: SupportThreadStatus;
  assigneeId: number | null;
  assigneeName: string | null;
  /** the last line's text (a picture or record link is named by the console), never a note */
  lastText: string | null;
  lastAuthor: SupportAuthor | null;
  lastAt: number;
  /** customer lines since the last operator reply */
  unread: number;
}

/** A canned reply: a ready answer in one language, editable by admin. */
export interface SupportCanned {
  id: number;
  language: string;
  title: string;
  text: string;
}

/** GET /api/ops/support/thread: the thread, every line (notes too), and the canned replies in the customer's language. */
export interface SupportThreadForOps {
  thread: SupportThreadRow;
  lines: SupportLineForOps[];
  canned: SupportCanned[];
}

/** POST /api/user/support_read: the unread count once the mark moved. */
export interface SupportReadMark {
  unread: number;
}

/** What the customer's support paths answer, by path name. */
export interface SupportChatAnswers {
  supportThread: SupportThreadForCustomer;
  supportSend: SupportLine;
  supportRead: SupportReadMark;
}

const customerSupportPaths = {
  supportThread: { method: "GET", path: "/api/user/support", auth: "user" },
  supportSend: { method: "POST", path: "/api/user/support_send", auth: "user" },
  supportRead: { method: "POST", path: "/api/user/support_read", auth: "user" },
} as const satisfies { [K in keyof SupportChatAnswers]: ApiPath };

/**
 * The customer's support paths, apart from `apiPaths`: only the customer-service page and the unread badge use
 * them, so Home's first load does not carry them.
 */
export const supportPaths: AnsweredPaths<typeof customerSupportPaths, SupportChatAnswers> = customerSupportPaths;

/** An operator a thread can be given to: support or admin, not disabled. */
export interface SupportColleague {
  id: number;
  username: string;
  role: "support" | "admin";
}

/** What the console's support paths answer, by path name. */
export interface SupportDeskAnswers {
  supportThreads: ListPage<SupportThreadRow>;
  supportThreadForOps: SupportThreadForOps;
  supportReply: SupportLineForOps;
  supportNote: SupportLineForOps;
  supportAssign: SupportThreadRow;
  supportColleagues: SupportColleague[];
  supportCanned: SupportCanned[];
  setSupportCanned: SupportCanned[];
}

/** The support role answers customers; admin may do everything; canned replies are edited by admin alone. */
const SUPPORT_DESK = ["support"] as const;

const deskPaths = {
  supportThreads: { method: "GET", path: "/api/ops/support/threads", auth: "ops", roles: SUPPORT_DESK },
  supportThreadForOps: { method: "GET", path: "/api/ops/support/thread", auth: "ops", roles: SUPPORT_DESK },
  // people answer customers as themselves: the machine token writes no line
  supportReply: { method: "POST", path: "/api/ops/support/reply", auth: "ops", roles: SUPPORT_DESK, person: true },
  supportNote: { method: "POST", path: "/api/ops/support/note", auth: "ops", roles: SUPPORT_DESK, person: true },
  supportAssign: { method: "POST", path: "/api/ops/support/assign", auth: "ops", roles: SUPPORT_DESK, person: true },
  supportColleagues: { method: "GET", path: "/api/ops/support/colleagues", auth: "ops", roles: SUPPORT_DESK },
  supportCanned: { method: "GET", path: "/api/ops/support/canned", auth: "ops", roles: SUPPORT_DESK },
  setSupportCanned: { method: "POST", path: "/api/ops/support/canned", auth: "ops", roles: [] },
} as const satisfies { [K in keyof SupportDeskAnswers]: OpsPath };

/** The console's support paths (the Support section), each with its roles and answer type. */
export const supportDeskPaths: AnsweredPaths<typeof deskPaths, SupportDeskAnswers> = deskPaths;
