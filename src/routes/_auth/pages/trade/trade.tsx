import { createFileRoute, Link } from "@tanstack/react-router";
import { PERIODS, type Period } from "../../../../../contract/markets";
import { fetchHoldingOrders } from "../../../../api/trading";
import { fetchGoods, fetchKlines, fetchProductDetail } from "../../../../features/trade/api";
import { TradePage } from "../../../../features/trade/TradePage";
import { Empty } from "../../../../ui/Empty";
import { NavBar } from "../../../../ui/NavBar";
import { useLingui } from "@lingui/react/macro";

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
    const [detail, candles, goods, holding] = await Promise.all([
      fetchProductDetail(deps.pid),
      fetchKlines(deps.pid, deps.period, deps.candles),
      fetchGoods(deps.pid),
      fetchHoldingOrders(),
    ]);
    if (detail.code !== 1 || candles.code !== 1 || goods.code !== 1) return null;
    return {
      detail: detail.data,
      candles: candles.data,
      goods: goods.data,
      holding: holding.code === 1 ? holding.data.filter((o) => o.pid === deps.pid) : [],
      period: deps.period,
    };
  },
  component: Trade,
});

function Trade() {
  const data = Route.useLoaderData();
  const { t } = useLingui();
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
  return <TradePage key={data.detail.id} {...data} />;
}
