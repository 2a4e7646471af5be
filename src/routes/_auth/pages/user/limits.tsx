import { createFileRoute } from "@tanstack/react-router";

import { fetchLimits } from "@/features/limits/api";
import { LimitsPage } from "@/features/limits/LimitsPage";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/user/limits")({
  loader: () => fetchLimits(),
  component: Limits,
});

function Limits() {
  const loaded = Route.useLoaderData();
  return loaded.code === 1 ? <LimitsPage view={loaded.data} /> : <NoData />;
}
