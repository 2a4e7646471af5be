import { call } from "@/api/client";
import type { WithRequestId } from "@/api/submission";
import { apiPaths } from "#contract/paths";

export const fetchWallet = () => call(apiPaths.wallet);
export const fetchExchangeRecords = (page = 1) => call(apiPaths.exchangeRecords, { page });
export const exchangeMoney = (input: WithRequestId<{ from: "cash" | "coin"; amount: string; payPassword: string }>) =>
  call(apiPaths.exchange, input);
export const fetchFunds = (page = 1) => call(apiPaths.funds, { page });
