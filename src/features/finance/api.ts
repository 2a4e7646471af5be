import { call } from "@/api/client";
import type { WithRequestId } from "@/api/submission";
import { apiPaths } from "#contract/paths";

export const fetchPlans = () => call(apiPaths.plans);
export const fetchYuebaoInfo = () => call(apiPaths.yuebaoInfo);
export const joinPlan = (input: WithRequestId<{ planId: number; amount: string; payPassword: string }>) => call(apiPaths.joinPlan, input);
export const appendAmount = (input: WithRequestId<{ id: number; amount: string; payPassword: string }>) =>
  call(apiPaths.appendSubscription, input);
export const keepPlan = (input: WithRequestId<{ id: number }>) => call(apiPaths.keepSubscription, input);
export const stopPlan = (input: WithRequestId<{ id: number; payPassword: string }>) => call(apiPaths.stopSubscription, input);
