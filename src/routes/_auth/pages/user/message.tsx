import { createFileRoute } from "@tanstack/react-router";

import { fetchMessages } from "@/features/messages/api";
import { MessagePage } from "@/features/messages/MessagePage";
import { cachedLoad } from "@/offline/cached-load";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/user/message")({
  loader: () => cachedLoad("messages", () => fetchMessages(1)),
  component: Messages,
});

function Messages() {
  const loaded = Route.useLoaderData();
  return loaded.data ? <MessagePage page={loaded.data} offlineSince={loaded.offlineSince} /> : <NoData />;
}
