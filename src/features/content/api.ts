import { call } from "@/api/client";
import type { WithRequestId } from "@/api/submission";
import { apiPaths } from "#contract/paths";

export const fetchHome = () => call(apiPaths.home, {}, { quiet: true });
export const fetchContentList = (kind: "news" | "company" | "notice", page = 1) => call(apiPaths.contentList, { kind, page });
export const fetchContent = (id: string) => call(apiPaths.contentDetail, { id });
export const fetchActivity = (id: string) => call(apiPaths.activityDetail, { id });
export const fetchActivities = () => call(apiPaths.activities);
export const signInToday = (input: WithRequestId<object>) => call(apiPaths.signin, input);
