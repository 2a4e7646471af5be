import { createFileRoute } from "@tanstack/react-router";

import { fetchMessages } from "@/features/inbox/api";
import { InboxPage } from "@/features/inbox/InboxPage";
import { cachedLoad } from "@/offline/cached-load";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/user/message")({
  loader: () => cachedLoad("messages", () => fetchMessages(1)),
  component: Messages,
});

function Messages() {
  const loaded = Route.useLoaderData();
  return loaded.data ? <InboxPage page={loaded.data} offlineSince={loaded.offlineSince} /> : <NoData />;
}
