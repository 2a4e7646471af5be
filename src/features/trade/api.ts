import type { Candle, Goods, Order, Period, ProductDetail } from "../../../contract/markets";
import { apiPaths } from "../../../contract/paths";
import type { PlaceOrderRequest } from "../../../contract/trading";
import { call } from "../../api/client";

export const fetchProductDetail = (pid: number) => call<ProductDetail>(apiPaths.productDetail, { pid });
export const fetchKlines = (pid: number, period: Period, limit = 300) => call<Candle[]>(apiPaths.klines, { pid, period, limit });
export const fetchGoods = (pid: number) => call<Goods>(apiPaths.goods, { pid });
export const submitOrder = (input: PlaceOrderRequest) => call<Order>(apiPaths.placeOrder, { ...input });
