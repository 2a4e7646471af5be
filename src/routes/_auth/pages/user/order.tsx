import { createFileRoute } from "@tanstack/react-router";

import { fetchEveryHoldingOrder, fetchOrderHistory } from "@/api/trading";
import { OrderPage } from "@/features/trading/OrderPage";
import { cachedLoad } from "@/offline/cached-load";

export const Route = createFileRoute("/_auth/pages/user/order")({
  loader: async () => {
    const [holding, history] = await Promise.all([
      cachedLoad("orders-holding-every", fetchEveryHoldingOrder),
      cachedLoad("orders-history", () => fetchOrderHistory(1)),
    ]);
    return {
      holding: holding.data ?? [],
      history: history.data ?? { items: [], page: 1, pageSize: 20, total: 0 },
      offlineSince: holding.offlineSince ?? history.offlineSince,
    };
  },
  component: Orders,
});

function Orders() {
  const { holding, history, offlineSince } = Route.useLoaderData();
  const { user } = Route.useRouteContext();
  return <OrderPage holding={holding} history={history} offlineSince={offlineSince} userId={user.id} recharged={user.recharged} />;
}
