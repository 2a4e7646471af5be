import { createFileRoute } from "@tanstack/react-router";

import { fetchExchangeRecords, fetchWallet } from "@/features/wallet/api";
import { WalletPage } from "@/features/wallet/WalletPage";
import { cachedLoad } from "@/offline/cached-load";
import { NoData } from "@/ui/NoData";
import { useLiveRefresh } from "@/ui/use-live-refresh";

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
  // the balances stay current while the wallet is open: settled orders, approvals and payouts show without navigating
  useLiveRefresh();
  if (!wallet.data) return <NoData />;
  return <WalletPage wallet={wallet.data} records={records.data?.items ?? []} offlineSince={wallet.offlineSince} />;
}
