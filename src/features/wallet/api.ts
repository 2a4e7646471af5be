import { call } from "@/api/client";
import { fetchFile } from "@/api/fetch-file";
import type { WithRequestId } from "@/api/submission";
import { apiPaths } from "#contract/paths";

import { fundsRequestFields, type FundsSearch } from "./funds-filter";

export const fetchWallet = () => call(apiPaths.wallet);
export const fetchExchangeRecords = (page = 1) => call(apiPaths.exchangeRecords, { page });
export const exchangeMoney = (input: WithRequestId<{ from: "cash" | "coin"; amount: string; payPassword: string }>) =>
  call(apiPaths.exchange, input);
/** One page of the funds statement: the first of the filters, or the one a cursor names. */
export const fetchFundsStatement = (search: FundsSearch) => call(apiPaths.funds, { ...fundsRequestFields(search), cursor: search.cursor });
/** The filtered statement as a CSV file, every page of it. */
export const fetchFundsCsv = (search: FundsSearch) => fetchFile(apiPaths.fundsCsv, fundsRequestFields(search));
