import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";

import { fetchContentList } from "@/features/content/api";
import { ContentListPage } from "@/features/content/ContentListPage";
import { OfficeLink } from "@/features/location/OfficeLink";
import { fetchPlatformInfo } from "@/features/support/api";
import { cachedLoad } from "@/offline/cached-load";
import { NoData } from "@/ui/NoData";

type Kind = "news" | "company";

// "about" is on the start-up allow-list: news and company pages are public.
export const Route = createFileRoute("/pages/about/list")({
  validateSearch: (search: Record<string, unknown>): { kind: Kind } => ({ kind: search.kind === "company" ? "company" : "news" }),
  loaderDeps: ({ search }) => ({ kind: search.kind }),
  loader: async ({ deps }) => {
    // the company page also shows the office, which the operator keeps with the platform's info
    const [list, info] = await Promise.all([
      cachedLoad(`content-${deps.kind}`, () => fetchContentList(deps.kind)),
      deps.kind === "company" ? cachedLoad("platform-info", fetchPlatformInfo) : null,
    ]);
    return { ...list, office: info?.data?.office };
  },
  component: ContentList,
});

function ContentList() {
  const loaded = Route.useLoaderData();
  const { kind } = Route.useSearch();
  const { t } = useLingui();
  if (!loaded.data) return <NoData />;
  return (
    <ContentListPage
      title={kind === "company" ? t`About us` : t`News`}
      items={loaded.data.items}
      offlineSince={loaded.offlineSince}
      lead={loaded.office && <OfficeLink office={loaded.office} />}
    />
  );
}
