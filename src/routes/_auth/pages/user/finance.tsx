import { createFileRoute } from "@tanstack/react-router";

import { fetchYuebaoInfo } from "@/features/finance/api";
import { FinancePage } from "@/features/finance/FinancePage";
import { cachedLoad } from "@/offline/cached-load";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/user/finance")({
  loader: () => cachedLoad("yuebao-info", fetchYuebaoInfo),
  component: Finance,
});

function Finance() {
  const loaded = Route.useLoaderData();
  return loaded.data ? <FinancePage info={loaded.data} offlineSince={loaded.offlineSince} /> : <NoData />;
}
