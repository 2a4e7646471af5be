import type { Order } from "#contract/trading";

/** An order of 100 U on Bitcoin (product 1), holding for 30 s from 1000; a test overrides what it is about. */
export const holdingOrder = (fields: Partial<Order> = {}): Order => ({
  id: 7,
  pid: 1,
  code: "BTCUSDT",
  name: "Bitcoin",
  precision: 2,
  direction: "up",
  amount: "100.00",
  fee: "1.00",
  seconds: 30,
  payoutRate: "0.8",
  openPrice: "100.00",
  openTime: 1000,
  closeTime: 1030,
  closePrice: null,
  settledAt: null,
  result: null,
  profit: null,
  payout: null,
  status: "holding",
  voidReason: null,
  resultAt: null,
  account: "real",
  ...fields,
});
