import { createFileRoute } from "@tanstack/react-router";

import { fetchActivity } from "@/features/content/api";
import { ContentDetailPage } from "@/features/content/ContentDetailPage";
import { cachedLoad } from "@/offline/cached-load";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/activity/details")({
  validateSearch: (search: Record<string, unknown>): { id: string } => ({ id: typeof search.id === "string" ? search.id : "" }),
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ deps }) => cachedLoad(`activity:${deps.id}`, () => fetchActivity(deps.id)),
  component: ActivityDetail,
});

function ActivityDetail() {
  const loaded = Route.useLoaderData();
  return loaded.data ? <ContentDetailPage content={loaded.data} offlineSince={loaded.offlineSince} /> : <NoData refusal={loaded.refusal} />;
}
