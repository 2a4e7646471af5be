/**
 * The money desk's view of a customer beyond the account itself: risk labels, notes, and the warnings shown on
 * the review screens. Shapes and constants only (no zod), so the console reads them as the server writes them.
 */

/** The fixed set of risk labels an operator may put on a customer; the console names each in its language. */
export const RISK_LABELS = ["watch", "bonus_abuse", "chargeback_risk", "vip"] as const;
export type RiskLabel = (typeof RISK_LABELS)[number];

/** An operator's note: dated, with the writer's name; notes are never changed or removed, only added. */
export const CUSTOMER_NOTE_MAX = 2000;

/**
 * Deposit-then-withdraw: a withdrawal is flagged when the customer's stakes since their last approved recharge
 * add up to less than this share of that recharge (basis points; 10 000 = the whole amount recharged). Money
 * passed through without trading is how stolen cards and laundered funds look; a withdrawal of winnings after
 * real trading is not flagged.
 */
export const TRADED_SHARE_OF_RECHARGE_BPS = 10_000;

/** At most this many other accounts are named in one warning; the count says how many there are in all. */
export const SIGNAL_ACCOUNTS_SHOWN = 10;

export interface SignalAccount {
  id: number;
  account: string;
}

/**
 * A warning on a review row or the customer page. Never a refusal by itself: each names what it saw, so the
 * operator decides.
 */
export type FraudSignal =
  | {
      /** the recharge's screenshot bytes (SHA-256) were uploaded again, by this customer or others */
      kind: "same_receipt";
      /** the other uploads of the same bytes: by whom, and the recharge each backed (null: refused or unused) */
      uploads: Array<{ uploadId: number; customer: SignalAccount; rechargeId: number | null }>;
    }
  | {
      /** other accounts registered or logged in from a device id this customer used */
      kind: "shared_device";
      deviceId: string;
      accounts: SignalAccount[];
      total: number;
    }
  | {
      /** other accounts registered or logged in from an address this customer used */
      kind: "shared_address";
      ip: string;
      accounts: SignalAccount[];
      total: number;
    }
  | {
      /** a withdrawal with too little trading since the last approved recharge */
      kind: "withdraw_without_trading";
      rechargeId: number;
      recharged: string;
      traded: string;
    };

export type FraudSignalKind = FraudSignal["kind"];

export interface CustomerNote {
  id: number;
  operator: string;
  text: string;
  time: number;
}

export interface CustomerLabel {
  label: RiskLabel;
  addedBy: string;
  time: number;
}

/** Where a customer registered or logged in from. */
export interface CustomerSignIn {
  kind: "register" | "login";
  ip: string;
  deviceId: string | null;
  time: number;
}

/** The account's state as the customer page's actions change it. */
export interface CustomerFlags {
  account: string;
  locked: boolean;
  frozen: boolean;
  frozenAt: number | null;
  mustChangePassword: boolean;
}

/** A temporary password from a reset by support: answered once, never kept in the clear nor in the audit log. */
export interface CustomerPasswordReset {
  account: string;
  password: string;
}
