import { call } from "@/api/client";
import type { ProductQuote } from "#contract/markets";
import { apiPaths } from "#contract/paths";

export const fetchProducts = () => call<ProductQuote[]>(apiPaths.products, {}, { quiet: true });
