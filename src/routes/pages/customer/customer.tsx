import { createFileRoute } from "@tanstack/react-router";

import { loadCurrentUser } from "@/api/current-user";
import { OfficeLink } from "@/features/location/OfficeLink";
import { fetchPlatformInfo } from "@/features/support/api";
import { CustomerPage } from "@/features/support/CustomerPage";
import { SupportChat } from "@/features/support/SupportChat";
import { cachedLoad } from "@/offline/cached-load";
import { NoData } from "@/ui/NoData";

// "customer" is on the start-up allow-list: reachable without an account (forgotten passwords); the chat is
// there for a signed-in customer only.
export const Route = createFileRoute("/pages/customer/customer")({
  loader: async () => {
    const [info, user] = await Promise.all([cachedLoad("platform-info", fetchPlatformInfo), loadCurrentUser()]);
    return { ...info, userId: user.kind === "user" ? user.user.id : null };
  },
  component: Customer,
});

function Customer() {
  const loaded = Route.useLoaderData();
  if (!loaded.data) return <NoData />;
  // the office the company page shows, here too: a customer looking for help looks here for the address
  const office = loaded.data.office;
  return (
    <CustomerPage
      info={loaded.data}
      offlineSince={loaded.offlineSince}
      office={office ? <OfficeLink office={office} /> : undefined}
      chat={loaded.userId === null ? undefined : <SupportChat userId={loaded.userId} />}
    />
  );
}
