import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";

import { fetchOrder } from "@/api/trading";
import { OrderDetailPage } from "@/features/trading/OrderDetailPage";
import { OrderNotFound } from "@/features/trading/OrderNotFound";
import { cachedLoad } from "@/offline/cached-load";

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
  if (!order) return <OrderNotFound title={t`Order details`} />;
  return <OrderDetailPage order={order} offlineSince={offlineSince} />;
}
