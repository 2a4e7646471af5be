import { createFileRoute } from "@tanstack/react-router";

import { dataOrNull } from "@/api/client";
import { loadCurrentUser } from "@/api/current-user";
import { fetchPlans } from "@/features/finance/api";
import { PlanDetailsPage } from "@/features/finance/PlanDetailsPage";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/project/details")({
  validateSearch: (search: Record<string, unknown>): { id: number } => ({ id: Number(search.id) || 0 }),
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: async ({ deps, context }) => {
    // the balance a plan can take: read now, not from the guard's half-minute-old copy
    const [plans, load] = await Promise.all([fetchPlans(), loadCurrentUser({ fresh: true })]);
    return {
      plan: dataOrNull(plans)?.find((p) => p.id === deps.id) ?? null,
      cash: load.kind === "user" ? load.user.cash : context.user.cash,
    };
  },
  component: Details,
});

function Details() {
  const { plan, cash } = Route.useLoaderData();
  return plan ? <PlanDetailsPage plan={plan} cash={cash} /> : <NoData />;
}
