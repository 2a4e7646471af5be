import { call } from "@/api/client";
import type { WithRequestId } from "@/api/submission";
import { apiPaths } from "#contract/paths";

export const fetchLimits = () => call(apiPaths.limits);
export const saveLimits = (input: WithRequestId<Record<string, string>>) => call(apiPaths.setLimits, input);
