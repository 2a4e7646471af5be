import { createFileRoute } from "@tanstack/react-router";

import { fetchPlatformInfo } from "@/features/support/api";
import { CustomerPage } from "@/features/support/CustomerPage";
import { cachedLoad } from "@/offline/cached-load";
import { NoData } from "@/ui/NoData";

// "customer" is on the start-up allow-list: reachable without an account (forgotten passwords).
export const Route = createFileRoute("/pages/customer/customer")({
  loader: () => cachedLoad("platform-info", fetchPlatformInfo),
  component: Customer,
});

function Customer() {
  const loaded = Route.useLoaderData();
  return loaded.data ? <CustomerPage info={loaded.data} offlineSince={loaded.offlineSince} /> : <NoData />;
}
