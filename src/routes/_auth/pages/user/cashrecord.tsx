import { createFileRoute } from "@tanstack/react-router";

import { fetchWithdrawRecords } from "@/features/withdrawal/api";
import { WithdrawalRecordPage } from "@/features/withdrawal/WithdrawalRecordPage";
import { cachedLoad } from "@/offline/cached-load";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/user/cashrecord")({
  loader: () => cachedLoad("withdraw-records", () => fetchWithdrawRecords(1)),
  component: CashRecords,
});

function CashRecords() {
  const loaded = Route.useLoaderData();
  return loaded.data ? <WithdrawalRecordPage records={loaded.data.items} offlineSince={loaded.offlineSince} /> : <NoData />;
}
