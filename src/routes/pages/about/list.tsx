import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";

import { fetchContentList } from "@/features/content/api";
import { ContentListPage } from "@/features/content/ContentListPage";
import { cachedLoad } from "@/offline/cached-load";
import { NoData } from "@/ui/NoData";

type Kind = "news" | "company";

// "about" is on the start-up allow-list: news and company pages are public.
export const Route = createFileRoute("/pages/about/list")({
  validateSearch: (search: Record<string, unknown>): { kind: Kind } => ({ kind: search.kind === "company" ? "company" : "news" }),
  loaderDeps: ({ search }) => ({ kind: search.kind }),
  loader: ({ deps }) => cachedLoad(`content-${deps.kind}`, () => fetchContentList(deps.kind)),
  component: ContentList,
});

function ContentList() {
  const loaded = Route.useLoaderData();
  const { kind } = Route.useSearch();
  const { t } = useLingui();
  if (!loaded.data) return <NoData />;
  return (
    <ContentListPage title={kind === "company" ? t`About us` : t`News`} items={loaded.data.items} offlineSince={loaded.offlineSince} />
  );
}
