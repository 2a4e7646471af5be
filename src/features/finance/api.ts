import type { FinancePlan, Subscription, YuebaoInfo } from "../../../contract/finance";
import { apiPaths } from "../../../contract/paths";
import { call } from "../../api/client";

export const fetchPlans = () => call<FinancePlan[]>(apiPaths.plans);
export const fetchYuebaoInfo = () => call<YuebaoInfo>(apiPaths.yuebaoInfo);
export const joinPlan = (planId: number, amount: string, payPassword: string) => call<Subscription>(apiPaths.joinPlan, { planId, amount, payPassword });
export const appendAmount = (id: number, amount: string) => call<YuebaoInfo>(apiPaths.appendSubscription, { id, amount });
export const keepPlan = (id: number) => call<YuebaoInfo>(apiPaths.keepSubscription, { id });
export const stopPlan = (id: number) => call<YuebaoInfo>(apiPaths.stopSubscription, { id });
