import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";

import { fetchContentList } from "@/features/content/api";
import { ContentListPage } from "@/features/content/ContentListPage";
import { cachedLoad } from "@/offline/cached-load";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/user/notice")({
  loader: () => cachedLoad("content-notice", () => fetchContentList("notice")),
  component: Notices,
});

function Notices() {
  const loaded = Route.useLoaderData();
  const { t } = useLingui();
  return loaded.data ? (
    <ContentListPage title={t`Platform notices`} items={loaded.data.items} offlineSince={loaded.offlineSince} />
  ) : (
    <NoData />
  );
}
