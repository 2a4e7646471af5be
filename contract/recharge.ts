import type { CardType } from "./cards";
import type { ReviewStatus } from "./review";

/** Deposit channels and recharge records. */

export interface DepositChannel {
  id: number;
  type: CardType;
  name: string;
  account: string;
  qr: string | null;
  note: string;
}

export interface RechargeInfo {
  channels: DepositChannel[];
  minAmount: string;
  notice: string;
}

export interface RechargeRecord {
  id: number;
  time: number;
  type: CardType;
  channel: string;
  amount: string;
  status: ReviewStatus;
  reason: string | null;
}
