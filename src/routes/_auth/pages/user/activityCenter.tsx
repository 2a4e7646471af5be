import { createFileRoute } from "@tanstack/react-router";

import { dataOrNull } from "@/api/client";
import { ActivityCenterPage } from "@/features/content/ActivityCenterPage";
import { fetchActivities } from "@/features/content/api";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/user/activityCenter")({
  loader: async () => dataOrNull(await fetchActivities()),
  component: ActivityCenter,
});

function ActivityCenter() {
  const centre = Route.useLoaderData();
  return centre ? <ActivityCenterPage centre={centre} /> : <NoData />;
}
