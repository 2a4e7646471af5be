/** What the desk is told to look at now (console dashboard, navigation badge, console stream). */
export const ALERT_KINDS = ["large_win", "stale_feed", "queue_old"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * A settled order whose win (payout minus stake) is above this raises a large-win alert: 5 000.00 U is about a
 * tenth of the largest single stake (50 000 U) at the usual payout rates, and more than most customers deposit
 * in a week, so a win of it is worth a look (a feed fault, a customer who knows something) while it is fresh.
 * A constant rather than a money rule: it moves no money and decides nothing, so it needs no two-admin change.
 */
export const LARGE_WIN_CENTS = 500_000;

/**
 * A request waiting for review longer than this raises an alert: customers are told reviews take minutes, and
 * half an hour is when a queue is being forgotten rather than worked.
 */
export const QUEUE_ALERT_MINUTES = 30;

/** One alert as the console shows it; amounts in U. */
export interface OpsAlert {
  id: number;
  kind: AlertKind;
  /** what it is about: "order:12", "product:3", "recharge:7" */
  subject: string;
  /** the figures of the cause: a large win's account, product and win; a feed's product and age; a queue's age */
  details: Record<string, string | number>;
  raisedAt: number;
  acknowledgedBy: string | null;
  acknowledgedAt: number | null;
}

export interface AlertList {
  /** not acknowledged yet, newest first */
  open: OpsAlert[];
  /** acknowledged in the last day, newest first */
  acknowledged: OpsAlert[];
}
