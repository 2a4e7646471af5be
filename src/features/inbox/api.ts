import { call } from "@/api/client";
import { apiPaths } from "#contract/paths";

export const fetchMessages = (page = 1) => call(apiPaths.messages, { page });
export const markMessageRead = (id: number) => call(apiPaths.readMessage, { id });
