import { createFileRoute } from "@tanstack/react-router";

import { dataOrNull } from "@/api/client";
import { fetchCards } from "@/features/bank/api";
import { BankListPage } from "@/features/bank/BankListPage";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/user/bank")({
  loader: async () => dataOrNull(await fetchCards()),
  component: Bank,
});

function Bank() {
  const cards = Route.useLoaderData();
  return cards ? <BankListPage cards={cards} /> : <NoData />;
}
