import { createFileRoute } from "@tanstack/react-router";

import { fetchCards } from "@/features/bank/api";
import { BankListPage } from "@/features/bank/BankListPage";
import { cachedLoad } from "@/offline/cached-load";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/user/bank")({
  loader: () => cachedLoad("bank-cards", fetchCards),
  component: Bank,
});

function Bank() {
  const loaded = Route.useLoaderData();
  return loaded.data ? <BankListPage cards={loaded.data} offlineSince={loaded.offlineSince} /> : <NoData />;
}
