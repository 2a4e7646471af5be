import { createFileRoute } from "@tanstack/react-router";

import { fetchCashInfo } from "@/features/withdrawal/api";
import { WithdrawalPage } from "@/features/withdrawal/WithdrawalPage";
import { cachedLoad } from "@/offline/cached-load";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/user/cash")({
  loader: () => cachedLoad("cash-info", fetchCashInfo),
  component: Cash,
});

function Cash() {
  const loaded = Route.useLoaderData();
  return loaded.data ? <WithdrawalPage info={loaded.data} offlineSince={loaded.offlineSince} /> : <NoData />;
}
