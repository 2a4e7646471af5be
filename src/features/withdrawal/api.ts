import { call } from "@/api/client";
import type { WithRequestId } from "@/api/submission";
import { apiPaths } from "#contract/paths";

export const fetchCashInfo = () => call(apiPaths.withdrawalInfo);
export const fetchWithdrawRecords = (page = 1) => call(apiPaths.withdrawRecords, { page });
export const requestWithdrawal = (input: WithRequestId<{ amount: string; cardId: number; payPassword: string; code?: string }>) =>
  call(apiPaths.withdraw, input);
