import { createFileRoute } from "@tanstack/react-router";

import { dataOrNull } from "@/api/client";
import { fetchRechargeInfo } from "@/features/recharge/api";
import { RechargePage } from "@/features/recharge/RechargePage";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/user/recharge")({
  loader: async () => dataOrNull(await fetchRechargeInfo()),
  component: Recharge,
});

function Recharge() {
  const info = Route.useLoaderData();
  return info ? <RechargePage info={info} /> : <NoData />;
}
