import { createFileRoute } from "@tanstack/react-router";

import { fetchFundsStatement } from "@/features/wallet/api";
import { type FundsSearch, readFundsSearch } from "@/features/wallet/funds-filter";
import { FundsStatementPage } from "@/features/wallet/FundsStatementPage";
import { cachedLoad } from "@/offline/cached-load";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/user/funds")({
  // the address's strings as they are (this part of a route loads with the app's first screen, so it stays
  // small); the loader keeps only the values the statement takes
  validateSearch: (search: Record<string, unknown>): FundsSearch =>
    Object.fromEntries(
      ["kind", "from", "to", "cursor"].filter((key) => typeof search[key] === "string").map((key) => [key, search[key]]),
    ) as FundsSearch,
  loaderDeps: ({ search }) => search,
  // one offline copy, the last page seen: offline, whatever was asked, that page is what there is to show
  loader: ({ deps }) => cachedLoad("funds-statement", () => fetchFundsStatement(readFundsSearch(deps))),
  component: FundsStatementRoute,
});

function FundsStatementRoute() {
  const loaded = Route.useLoaderData();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return loaded.data ? (
    <FundsStatementPage
      statement={loaded.data}
      search={search}
      offlineSince={loaded.offlineSince}
      onSearch={(next) => void navigate({ search: next, replace: true })}
    />
  ) : (
    <NoData refusal={loaded.refusal} />
  );
}
