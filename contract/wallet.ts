export interface Wallet {
  cash: string;
  coin: string;
  frozen: string;
  yuebao: string;
  /** cash (U) per coin */
  coinRate: string;
}

export interface ExchangeRecord {
  id: number;
  time: number;
  type: "cash_to_coin" | "coin_to_cash";
  coin: string;
  cashAmount: string;
  coinAmount: string;
  rate: string;
}
