import { call } from "@/api/client";
import type { WithRequestId } from "@/api/submission";
import { apiPaths } from "#contract/paths";
import type { CashInfo, RecordPage, WithdrawRecord } from "#contract/wallet";

export const fetchCashInfo = () => call<CashInfo>(apiPaths.cashInfo);
export const fetchWithdrawRecords = (page = 1) => call<RecordPage<WithdrawRecord>>(apiPaths.withdrawRecords, { page });
export const requestWithdrawal = (input: WithRequestId<{ amount: string; cardId: number; payPassword: string }>) =>
  call<WithdrawRecord>(apiPaths.withdraw, input);
