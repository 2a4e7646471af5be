import { call } from "@/api/client";
import { apiPaths } from "#contract/paths";

export const fetchProducts = () => call(apiPaths.products, {}, { quiet: true });
export const fetchSparklines = () => call(apiPaths.sparklines, {}, { quiet: true });
