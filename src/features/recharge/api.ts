import { call } from "@/api/client";
import type { WithRequestId } from "@/api/submission";
import { apiPaths } from "#contract/paths";

export const fetchRechargeInfo = () => call(apiPaths.rechargeInfo);
export const fetchRechargeRecords = (page = 1) => call(apiPaths.rechargeRecords, { page });
export const submitRecharge = (input: WithRequestId<{ channelId: number; amount: string; screenshot: string }>) =>
  call(apiPaths.recharge, input);
