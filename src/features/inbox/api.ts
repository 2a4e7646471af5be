import { call } from "@/api/client";
import type { MessagePage } from "#contract/mine";
import { apiPaths } from "#contract/paths";

export const fetchMessages = (page = 1) => call<MessagePage>(apiPaths.messages, { page });
export const markMessageRead = (id: number) => call<{ id: number; read: boolean; unread: number }>(apiPaths.readMessage, { id });
