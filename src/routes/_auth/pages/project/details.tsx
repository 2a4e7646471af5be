import { createFileRoute } from "@tanstack/react-router";

import { dataOrNull } from "@/api/client";
import { fetchPlans } from "@/features/finance/api";
import { PlanDetailsPage } from "@/features/finance/PlanDetailsPage";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/project/details")({
  validateSearch: (search: Record<string, unknown>): { id: number } => ({ id: Number(search.id) || 0 }),
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: async ({ deps, context }) => ({
    plan: dataOrNull(await fetchPlans())?.find((p) => p.id === deps.id) ?? null,
    cash: context.user.cash,
  }),
  component: Details,
});

function Details() {
  const { plan, cash } = Route.useLoaderData();
  return plan ? <PlanDetailsPage plan={plan} cash={cash} /> : <NoData />;
}
