import { createFileRoute } from "@tanstack/react-router";

import { fetchFairnessOverview } from "@/features/fairness/api";
import { FairnessPage } from "@/features/fairness/FairnessPage";
import { cachedLoad } from "@/offline/cached-load";
import { NoData } from "@/ui/NoData";

// Under "public" so it opens without an account: anyone may check the record. `pid` picks the product whose
// chain heads are shown (the trade screen links here with its own).
export const Route = createFileRoute("/pages/public/fairness")({
  validateSearch: (search: Record<string, unknown>): { pid?: number } => (Number(search.pid) > 0 ? { pid: Number(search.pid) } : {}),
  loaderDeps: ({ search }) => ({ pid: search.pid }),
  loader: ({ deps }) => cachedLoad(`fairness-${deps.pid ?? 0}`, () => fetchFairnessOverview(deps.pid)),
  component: Fairness,
});

function Fairness() {
  const loaded = Route.useLoaderData();
  return loaded.data ? <FairnessPage overview={loaded.data} offlineSince={loaded.offlineSince} /> : <NoData refusal={loaded.refusal} />;
}
