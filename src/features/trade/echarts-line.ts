// The line chart, registered when the K-line first needs it (line view, moving average, Bollinger bands).
import { LineChart } from "echarts/charts";
import { use as register } from "echarts/core";

register(LineChart);
