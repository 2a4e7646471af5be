import { createFileRoute } from "@tanstack/react-router";
import { fetchCashInfo } from "../../../../features/cash/api";
import { CashPage } from "../../../../features/cash/CashPage";
import { NoData } from "../../../../ui/NoData";

export const Route = createFileRoute("/_auth/pages/user/cash")({
  loader: async () => {
    const answer = await fetchCashInfo();
    return answer.code === 1 ? answer.data : null;
  },
  component: Cash,
});

function Cash() {
  const info = Route.useLoaderData();
  return info ? <CashPage info={info} /> : <NoData />;
}
