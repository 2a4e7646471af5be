import type { CardType } from "./cards";
import type { RecordPage } from "./paging";
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

/** What the recharge paths answer, by path name (contract/paths.ts). */
export interface RechargeAnswers {
  rechargeInfo: RechargeInfo;
  recharge: RechargeRecord;
  rechargeRecords: RecordPage<RechargeRecord>;
}

/** What POST /api/user/uploadfile answers (multipart, so outside the path table): where the stored file is read. */
export interface UploadAnswer {
  url: string;
}
