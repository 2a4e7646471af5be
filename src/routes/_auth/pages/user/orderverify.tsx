import { useLingui } from "@lingui/react/macro";
import { createFileRoute, Link } from "@tanstack/react-router";

import { fetchOrderProof } from "@/features/fairness/api";
import { OrderVerifyPage } from "@/features/fairness/OrderVerifyPage";
import { cachedLoad } from "@/offline/cached-load";
import { Empty } from "@/ui/Empty";
import { OrderIcon } from "@/ui/Icons";
import { NavBar } from "@/ui/NavBar";

export const Route = createFileRoute("/_auth/pages/user/orderverify")({
  validateSearch: (search: Record<string, unknown>): { id: number } => ({ id: Number(search.id) || 0 }),
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ deps }) => cachedLoad(`order-proof-${deps.id}`, () => fetchOrderProof(deps.id)),
  component: OrderVerify,
});

function OrderVerify() {
  const { data: proof, offlineSince } = Route.useLoaderData();
  const { t } = useLingui();
  if (!proof) {
    return (
      <main className="page">
        <NavBar title={t`Verify order`} />
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
  return <OrderVerifyPage proof={proof} offlineSince={offlineSince} />;
}
