import { call } from "@/api/client";
import type { ProductQuote, Sparklines } from "#contract/markets";
import { apiPaths } from "#contract/paths";

export const fetchProducts = () => call<ProductQuote[]>(apiPaths.products, {}, { quiet: true });
export const fetchSparklines = () => call<Sparklines>(apiPaths.sparklines, {}, { quiet: true });
