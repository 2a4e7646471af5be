import { createFileRoute } from "@tanstack/react-router";
import { fetchHoldingOrders, fetchOrderHistory } from "../../../../api/trading";
import { OrderPage } from "../../../../features/orders/OrderPage";

export const Route = createFileRoute("/_auth/pages/user/order")({
  loader: async () => {
    const [holding, history] = await Promise.all([fetchHoldingOrders(), fetchOrderHistory(1)]);
    return {
      holding: holding.code === 1 ? holding.data : [],
      history: history.code === 1 ? history.data : { items: [], page: 1, pageSize: 20, total: 0 },
    };
  },
  component: Orders,
});

function Orders() {
  const { holding, history } = Route.useLoaderData();
  return <OrderPage holding={holding} history={history} />;
}
