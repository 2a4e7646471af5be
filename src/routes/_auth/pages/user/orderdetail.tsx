import { useLingui } from "@lingui/react/macro";
import { createFileRoute, Link } from "@tanstack/react-router";

import { fetchOrder } from "@/api/trading";
import { OrderDetailPage } from "@/features/trading/OrderDetailPage";
import { cachedLoad } from "@/offline/cached-load";
import { Empty } from "@/ui/Empty";
import { OrderIcon } from "@/ui/Icons";
import { NavBar } from "@/ui/NavBar";

export const Route = createFileRoute("/_auth/pages/user/orderdetail")({
  validateSearch: (search: Record<string, unknown>): { id: number } => ({ id: Number(search.id) || 0 }),
  loaderDeps: ({ search }) => ({ id: search.id }),
  // quiet: a missing order is said once, by the page itself, not also by a toast
  loader: ({ deps }) => cachedLoad(`order-${deps.id}`, () => fetchOrder(deps.id, { quiet: true })),
  component: OrderDetail,
});

function OrderDetail() {
  const { data: order, offlineSince } = Route.useLoaderData();
  const { t } = useLingui();
  if (!order) {
    return (
      <main className="page">
        <NavBar title={t`Order details`} />
        <Empty
          icon={<OrderIcon size={32} />}
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
  return <OrderDetailPage order={order} offlineSince={offlineSince} />;
}
