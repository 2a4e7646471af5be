import { createFileRoute } from "@tanstack/react-router";

import { fetchRechargeRecords } from "@/features/recharge/api";
import { RechargeRecordPage } from "@/features/recharge/RechargeRecordPage";
import { cachedLoad } from "@/offline/cached-load";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/user/rechargerecord")({
  loader: () => cachedLoad("recharge-records", () => fetchRechargeRecords(1)),
  component: RechargeRecords,
});

function RechargeRecords() {
  const loaded = Route.useLoaderData();
  return loaded.data ? <RechargeRecordPage records={loaded.data.items} offlineSince={loaded.offlineSince} /> : <NoData />;
}
