import { createFileRoute } from "@tanstack/react-router";

import { fetchPlans } from "@/features/finance/api";
import { ProjectPage } from "@/features/finance/ProjectPage";
import { cachedLoad } from "@/offline/cached-load";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/project/project")({
  loader: () => cachedLoad("plans", fetchPlans),
  component: Project,
});

function Project() {
  const loaded = Route.useLoaderData();
  return loaded.data ? <ProjectPage plans={loaded.data} offlineSince={loaded.offlineSince} /> : <NoData />;
}
