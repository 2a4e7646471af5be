import { call } from "@/api/client";
import type { WithRequestId } from "@/api/submission";
import type { RecordPage } from "#contract/paging";
import { apiPaths } from "#contract/paths";
import type { ExchangeRecord, Wallet } from "#contract/wallet";

export const fetchWallet = () => call<Wallet>(apiPaths.wallet);
export const fetchExchangeRecords = (page = 1) => call<RecordPage<ExchangeRecord>>(apiPaths.exchangeRecords, { page });
export const exchangeMoney = (input: WithRequestId<{ from: "cash" | "coin"; amount: string; payPassword: string }>) =>
  call<{ cash: string; coin: string }>(apiPaths.exchange, input);
