import { useLingui } from "@lingui/react/macro";
import { createFileRoute, Link } from "@tanstack/react-router";

import { dataOrNull } from "@/api/client";
import { fetchOrder } from "@/api/trading";
import { OrderDetailPage } from "@/features/orders/OrderDetailPage";
import { Empty } from "@/ui/Empty";
import { NavBar } from "@/ui/NavBar";

export const Route = createFileRoute("/_auth/pages/user/orderdetail")({
  validateSearch: (search: Record<string, unknown>): { id: number } => ({ id: Number(search.id) || 0 }),
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: async ({ deps }) => dataOrNull(await fetchOrder(deps.id)),
  component: OrderDetail,
});

function OrderDetail() {
  const order = Route.useLoaderData();
  const { t } = useLingui();
  if (!order) {
    return (
      <main className="page">
        <NavBar title={t`Order details`} />
        <Empty
          title={t`Order not found`}
          action={
            <Link to="/pages/user/order" className="button button-primary">
              {t`Orders`}
            </Link>
          }
        />
      </main>
    );
  }
  return <OrderDetailPage order={order} />;
}
