import { useLingui } from "@lingui/react/macro";
import { PieChart } from "echarts/charts";
import { LegendComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import ReactEChartsCore from "echarts-for-react/esm/core";

import type { Wallet } from "#contract/wallet";

echarts.use([PieChart, LegendComponent, CanvasRenderer]);

/** The split of the user's assets in U (coin at the current rate); loaded lazily with the wallet page. */
export default function AssetChart({ wallet }: { wallet: Wallet }) {
  const { t } = useLingui();
  const parts = [
    { name: t`Cash`, value: Number(wallet.cash) },
    { name: t`Coin`, value: Number(wallet.coin) * Number(wallet.coinRate) },
    { name: t`Frozen`, value: Number(wallet.frozen) },
    { name: t`Yuebao`, value: Number(wallet.yuebao) },
  ];
  const option = {
    animation: false,
    color: ["#f0b90b", "#8c7bff", "#6b7a90", "#2ebd85"],
    legend: { bottom: 0, textStyle: { color: "#a9b4c6" } },
    series: [{ type: "pie", radius: ["45%", "70%"], center: ["50%", "42%"], label: { show: false }, data: parts }],
  };
  const summary = parts.map((p) => `${p.name} ${p.value.toFixed(2)}`).join(", ");
  return (
    <div role="img" aria-label={t`Asset split: ${summary}`}>
      <ReactEChartsCore echarts={echarts} option={option} style={{ height: 200 }} />
    </div>
  );
}
