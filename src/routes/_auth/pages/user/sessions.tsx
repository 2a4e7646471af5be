import { createFileRoute } from "@tanstack/react-router";

import { SessionsPage } from "@/features/accounts/SessionsPage";
import { fetchSessions } from "@/features/accounts/two-step-api";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/user/sessions")({
  loader: () => fetchSessions(),
  component: Sessions,
});

function Sessions() {
  const loaded = Route.useLoaderData();
  return loaded.code === 1 ? <SessionsPage sessions={loaded.data} /> : <NoData />;
}
