import { createFileRoute } from "@tanstack/react-router";

import { fetchRechargeInfo } from "@/features/recharge/api";
import { RechargePage } from "@/features/recharge/RechargePage";
import { cachedLoad } from "@/offline/cached-load";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/user/recharge")({
  loader: () => cachedLoad("recharge-info", fetchRechargeInfo),
  component: Recharge,
});

function Recharge() {
  const loaded = Route.useLoaderData();
  return loaded.data ? <RechargePage info={loaded.data} offlineSince={loaded.offlineSince} /> : <NoData />;
}
