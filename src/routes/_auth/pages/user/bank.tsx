import { createFileRoute } from "@tanstack/react-router";

import { fetchCards } from "@/features/cards/api";
import { CardListPage } from "@/features/cards/CardListPage";
import { cachedLoad } from "@/offline/cached-load";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/user/bank")({
  loader: () => cachedLoad("bank-cards", fetchCards),
  component: Bank,
});

function Bank() {
  const loaded = Route.useLoaderData();
  return loaded.data ? <CardListPage cards={loaded.data} offlineSince={loaded.offlineSince} /> : <NoData />;
}
