import { createFileRoute } from "@tanstack/react-router";

import { ActivityCenterPage } from "@/features/content/ActivityCenterPage";
import { fetchActivities } from "@/features/content/api";
import { cachedLoad } from "@/offline/cached-load";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/user/activityCenter")({
  loader: () => cachedLoad("activity-centre", fetchActivities),
  component: ActivityCenter,
});

function ActivityCenter() {
  const loaded = Route.useLoaderData();
  return loaded.data ? <ActivityCenterPage centre={loaded.data} offlineSince={loaded.offlineSince} /> : <NoData refusal={loaded.refusal} />;
}
