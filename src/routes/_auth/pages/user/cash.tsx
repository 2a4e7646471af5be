import { createFileRoute } from "@tanstack/react-router";

import { dataOrNull } from "@/api/client";
import { fetchCashInfo } from "@/features/cash/api";
import { CashPage } from "@/features/cash/CashPage";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/user/cash")({
  loader: async () => dataOrNull(await fetchCashInfo()),
  component: Cash,
});

function Cash() {
  const info = Route.useLoaderData();
  return info ? <CashPage info={info} /> : <NoData />;
}
