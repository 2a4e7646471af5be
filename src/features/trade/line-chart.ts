// The line view and the studies need echarts' line chart; loaded when first asked for, so the trade screen's
// first load carries the candles only.
import { LineChart } from "echarts/charts";

import { echarts } from "./echarts";

echarts.use([LineChart]);
