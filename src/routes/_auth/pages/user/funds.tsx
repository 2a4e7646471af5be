import { createFileRoute } from "@tanstack/react-router";

import { fetchFunds } from "@/features/wallet/api";
import { FundsRecordPage } from "@/features/wallet/FundsRecordPage";
import { cachedLoad } from "@/offline/cached-load";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/user/funds")({
  loader: () => cachedLoad("funds-records", () => fetchFunds(1)),
  component: FundsRecords,
});

function FundsRecords() {
  const loaded = Route.useLoaderData();
  return loaded.data ? <FundsRecordPage lines={loaded.data.items} offlineSince={loaded.offlineSince} /> : <NoData />;
}
