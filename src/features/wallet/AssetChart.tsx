import { useLingui } from "@lingui/react/macro";
import { PieChart } from "echarts/charts";
// the plain legend: four entries never need the scrolling one
import { LegendPlainComponent } from "echarts/components";
import ReactEChartsCore from "echarts-for-react/esm/core";

import { echartsCore, registerEcharts } from "@/ui/echarts-core";
import { BCP47, toLanguageCode } from "#contract/languages";
import type { Wallet } from "#contract/wallet";

import { assetSplit } from "./asset-split";

registerEcharts([PieChart, LegendPlainComponent]);

/** The split of the user's assets in U (coin at the current rate) as shares of the total; loaded lazily with the wallet page. */
export default function AssetChart({ wallet }: { wallet: Wallet }) {
  const { t, i18n } = useLingui();
  const percentFormat = new Intl.NumberFormat(BCP47[toLanguageCode(i18n.locale)], {
    style: "percent",
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const names = { cash: t`Cash`, coin: t`Coin`, frozen: t`Frozen`, yuebao: t`Yuebao` };
  const parts = assetSplit(wallet).parts.map((part) => ({
    name: names[part.kind],
    value: part.cents / 100,
    share: percentFormat.format(part.percent / 100),
  }));
  const shares = new Map(parts.map((part) => [part.name, part.share]));
  const option = {
    animation: false,
    color: ["#f0b90b", "#8c7bff", "#6b7a90", "#2ebd85"],
    legend: { bottom: 0, textStyle: { color: "#a9b4c6" }, formatter: (name: string) => `${name} ${shares.get(name) ?? ""}` },
    series: [{ type: "pie", radius: ["45%", "70%"], center: ["50%", "42%"], label: { show: false }, data: parts }],
  };
  const summary = parts.map((p) => `${p.name} ${p.share}`).join(", ");
  return (
    <div role="img" aria-label={t`Asset split: ${summary}`} data-testid="asset-split">
      <ReactEChartsCore echarts={echartsCore} option={option} style={{ height: 200 }} />
    </div>
  );
}
