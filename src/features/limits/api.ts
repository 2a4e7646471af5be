import { call } from "@/api/client";
import type { WithRequestId } from "@/api/submission";
import { apiPaths } from "#contract/paths";

export const fetchLimits = () => call(apiPaths.limits);
export const saveLimits = (input: WithRequestId<Record<string, string>>) => call(apiPaths.setLimits, input);
/** The reality check's figures; quiet: a check that cannot load now tries again later, with no toast. */
export const fetchSessionSummary = () => call(apiPaths.sessionSummary, {}, { quiet: true });
