import { call } from "@/api/client";
import type { WithRequestId } from "@/api/submission";
import type { ActivityCentre, ContentDetail, ContentSummary, HomeData } from "#contract/content";
import { apiPaths } from "#contract/paths";

export const fetchHome = () => call<HomeData>(apiPaths.home, {}, { quiet: true });
export const fetchContentList = (kind: "news" | "company" | "notice", page = 1) =>
  call<{ items: ContentSummary[]; page: number; pageSize: number; total: number }>(apiPaths.contentList, { kind, page });
export const fetchContent = (id: string) => call<ContentDetail>(apiPaths.contentDetail, { id });
export const fetchActivity = (id: string) => call<ContentDetail>(apiPaths.activityDetail, { id });
export const fetchActivities = () => call<ActivityCentre>(apiPaths.activities);
export const signInToday = (input: WithRequestId<object>) => call<{ day: string; bonus: string }>(apiPaths.signin, input);
