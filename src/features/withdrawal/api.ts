import { call } from "@/api/client";
import type { WithRequestId } from "@/api/submission";
import type { RecordPage } from "#contract/paging";
import { apiPaths } from "#contract/paths";
import type { WithdrawalInfo, WithdrawalRecord } from "#contract/withdrawal";

export const fetchCashInfo = () => call(apiPaths.withdrawalInfo);
export const fetchWithdrawRecords = (page = 1) => call(apiPaths.withdrawRecords, { page });
export const requestWithdrawal = (input: WithRequestId<{ amount: string; cardId: number; payPassword: string }>) =>
  call(apiPaths.withdraw, input);
