import { createFileRoute } from "@tanstack/react-router";

import { loadCurrentUser } from "@/api/current-user";
import { fetchPlans } from "@/features/finance/api";
import { PlanDetailsPage } from "@/features/finance/PlanDetailsPage";
import { cachedLoad } from "@/offline/cached-load";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/project/details")({
  validateSearch: (search: Record<string, unknown>): { id: number } => ({ id: Number(search.id) || 0 }),
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: async ({ deps, context }) => {
    // the balance a plan can take: read now, not from the guard's half-minute-old copy
    // the plans under the list's key: a visit to either page leaves both readable offline
    const [plans, load] = await Promise.all([cachedLoad("plans", fetchPlans), loadCurrentUser({ fresh: true })]);
    return {
      plan: plans.data?.find((p) => p.id === deps.id) ?? null,
      offlineSince: plans.offlineSince,
      cash: load.kind === "user" ? load.user.cash : context.user.cash,
    };
  },
  component: Details,
});

function Details() {
  const { plan, cash, offlineSince } = Route.useLoaderData();
  return plan ? <PlanDetailsPage plan={plan} cash={cash} offlineSince={offlineSince} /> : <NoData />;
}
