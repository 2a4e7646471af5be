import { createFileRoute } from "@tanstack/react-router";

import { OfficeLink } from "@/features/location/OfficeLink";
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
  if (!loaded.data) return <NoData />;
  // the office the company page shows, here too: a customer looking for help looks here for the address
  const office = loaded.data.office;
  return (
    <CustomerPage info={loaded.data} offlineSince={loaded.offlineSince} office={office ? <OfficeLink office={office} /> : undefined} />
  );
}
