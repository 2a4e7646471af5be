import type { RecordPage } from "./paging";

/** The customer's inbox: messages and notices with read flags. */

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
