import { createFileRoute } from "@tanstack/react-router";

import { fetchWithdrawRecords } from "@/features/cash/api";
import { CashRecordPage } from "@/features/cash/CashRecordPage";
import { cachedLoad } from "@/offline/cached-load";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/user/cashrecord")({
  loader: () => cachedLoad("withdraw-records", () => fetchWithdrawRecords(1)),
  component: CashRecords,
});

function CashRecords() {
  const loaded = Route.useLoaderData();
  return loaded.data ? <CashRecordPage records={loaded.data.items} offlineSince={loaded.offlineSince} /> : <NoData />;
}
