import { createFileRoute } from "@tanstack/react-router";

import { fetchExchangeRecords, fetchWallet } from "@/features/wallet/api";
import { WalletPage } from "@/features/wallet/WalletPage";
import { cachedLoad } from "@/offline/cached-load";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/user/wallet")({
  loader: async () => {
    const [wallet, records] = await Promise.all([
      cachedLoad("wallet", fetchWallet),
      cachedLoad("exchange-records", () => fetchExchangeRecords(1)),
    ]);
    return { wallet, records };
  },
  component: Wallet,
});

function Wallet() {
  const { wallet, records } = Route.useLoaderData();
  if (!wallet.data) return <NoData />;
  return <WalletPage wallet={wallet.data} records={records.data?.items ?? []} offlineSince={wallet.offlineSince} />;
}
