import type { ProductQuote } from "../../../contract/markets";
import { apiPaths } from "../../../contract/paths";
import { call } from "../../api/client";

export const fetchProducts = () => call<ProductQuote[]>(apiPaths.products, {}, { quiet: true });
