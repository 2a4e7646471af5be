import { createFileRoute } from "@tanstack/react-router";
import { fetchCards } from "../../../../features/bank/api";
import { BankListPage } from "../../../../features/bank/BankListPage";
import { NoData } from "../../../../ui/NoData";

export const Route = createFileRoute("/_auth/pages/user/bank")({
  loader: async () => {
    const answer = await fetchCards();
    return answer.code === 1 ? answer.data : null;
  },
  component: Bank,
});

function Bank() {
  const cards = Route.useLoaderData();
  return cards ? <BankListPage cards={cards} /> : <NoData />;
}
