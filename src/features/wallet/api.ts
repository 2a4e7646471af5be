import { call } from "@/api/client";
import type { WithRequestId } from "@/api/submission";
import type { RecordPage } from "#contract/paging";
import { apiPaths } from "#contract/paths";
import type { ExchangeRecord, Wallet } from "#contract/wallet";

export const fetchWallet = () => call(apiPaths.wallet);
export const fetchExchangeRecords = (page = 1) => call(apiPaths.exchangeRecords, { page });
export const exchangeMoney = (input: WithRequestId<{ from: "cash" | "coin"; amount: string; payPassword: string }>) =>
  call(apiPaths.exchange, input);
