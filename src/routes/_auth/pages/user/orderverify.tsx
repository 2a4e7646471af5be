import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";

import { fetchOrderProof } from "@/features/fairness/api";
import { OrderVerifyPage } from "@/features/fairness/OrderVerifyPage";
import { OrderNotFound } from "@/features/trading/OrderNotFound";
import { cachedLoad } from "@/offline/cached-load";

export const Route = createFileRoute("/_auth/pages/user/orderverify")({
  validateSearch: (search: Record<string, unknown>): { id: number } => ({ id: Number(search.id) || 0 }),
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ deps }) => cachedLoad(`order-proof-${deps.id}`, () => fetchOrderProof(deps.id)),
  component: OrderVerify,
});

function OrderVerify() {
  const { data: proof, offlineSince } = Route.useLoaderData();
  const { t } = useLingui();
  if (!proof) return <OrderNotFound title={t`Verify order`} />;
  return <OrderVerifyPage proof={proof} offlineSince={offlineSince} />;
}
