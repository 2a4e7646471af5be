import { useLingui } from "@lingui/react/macro";
import { createFileRoute, Link } from "@tanstack/react-router";

import { fetchEveryHoldingOrder } from "@/api/trading";
import { fetchTradeScreen } from "@/features/trading/api";
import { TradePage } from "@/features/trading/TradePage";
import { cachedLoad } from "@/offline/cached-load";
import { Empty } from "@/ui/Empty";
import { NavBar } from "@/ui/NavBar";
import { NoData } from "@/ui/NoData";
import { useOnline } from "@/ui/use-online";
import { type Period, PERIODS } from "#contract/markets";

interface Search {
  pid: number;
  period?: Period;
  /** how many candles to load (300 by default; up to 5000 for a long look back) */
  candles?: number;
}

export const Route = createFileRoute("/_auth/pages/trade/trade")({
  validateSearch: (search: Record<string, unknown>): Search => ({
    pid: Number(search.pid) || 0,
    ...(PERIODS.includes(search.period as Period) ? { period: search.period as Period } : {}),
    ...(Number(search.candles) >= 50 && Number(search.candles) <= 5000 ? { candles: Number(search.candles) } : {}),
  }),
  loaderDeps: ({ search }) => ({ pid: search.pid, period: search.period ?? "1m", candles: search.candles ?? 300 }),
  loader: async ({ deps }) => {
    const [screen, holding] = await Promise.all([
      cachedLoad(`trade-${deps.pid}-${deps.period}`, () => fetchTradeScreen(deps.pid, deps.period, deps.candles)),
      cachedLoad("orders-holding-every", fetchEveryHoldingOrder),
    ]);
    if (!screen.data) return null;
    return {
      ...screen.data,
      holding: (holding.data ?? []).filter((o) => o.pid === deps.pid),
      period: deps.period,
      offlineSince: screen.offlineSince,
    };
  },
  component: Trade,
});

function Trade() {
  const data = Route.useLoaderData();
  const { user } = Route.useRouteContext();
  const { t } = useLingui();
  const online = useOnline();
  if (!data && !online) return <NoData />;
  if (!data) {
    return (
      <main className="page">
        <NavBar title={t`Trade`} />
        <Empty
          title={t`Symbol not found`}
          text={t`This product does not exist or could not be loaded.`}
          action={
            <Link to="/" className="button button-primary">
              {t`See the markets`}
            </Link>
          }
        />
      </main>
    );
  }
  return <TradePage key={data.detail.id} {...data} userId={user.id} />;
}
