import type { RecordPage } from "./paging";

/** The customer's inbox: messages and notices with read flags. */

/** The type of the message a sign-in from a new device writes: the inbox offers the way to the Sessions page. */
export const NEW_DEVICE_MESSAGE = "new_device";

export interface Message {
  id: number;
  type: string;
  title: string;
  body: string;
  time: number;
  read: boolean;
}

export interface MessageList extends RecordPage<Message> {
  unread: number;
}

/** A message marked read, and how many are left unread (the Mine tab's badge). */
export interface MessageRead {
  id: number;
  read: boolean;
  unread: number;
}

/** What the inbox paths answer, by path name (contract/paths.ts). */
export interface InboxAnswers {
  messages: MessageList;
  readMessage: MessageRead;
}
