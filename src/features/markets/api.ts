import { call } from "@/api/client";
import type { ProductQuote, Sparklines } from "#contract/markets";
import { apiPaths } from "#contract/paths";

export const fetchProducts = () => call(apiPaths.products, {}, { quiet: true });
export const fetchSparklines = () => call(apiPaths.sparklines, {}, { quiet: true });
