import type { LimitField, LoosenableLimitField } from "#contract/self-limits";

import type { userLimits } from "../../db/schema";

export type LimitsRow = typeof userLimits.$inferSelect;
type LimitColumn = Exclude<keyof LimitsRow, "userId" | "pending">;

/**
 * Each API field's column: the drizzle property and its SQL name. The SQL name keys `pending`, for the
 * database function that applies a due loosening (migration 0037) writes the columns by those names.
 */
export const LIMIT_COLUMNS: Record<LimitField, { key: LimitColumn; sqlName: string }> = {
  maxBalance: { key: "balanceMax", sqlName: "balance_max" },
  maxTurnover1d: { key: "turnoverMaxDay", sqlName: "turnover_max_day" },
  maxTurnover7d: { key: "turnoverMax7Days", sqlName: "turnover_max_7_days" },
  maxTurnover30d: { key: "turnoverMax30Days", sqlName: "turnover_max_30_days" },
  maxLosses1d: { key: "lossesMaxDay", sqlName: "losses_max_day" },
  maxLosses7d: { key: "lossesMax7Days", sqlName: "losses_max_7_days" },
  maxLosses30d: { key: "lossesMax30Days", sqlName: "losses_max_30_days" },
  maxDeposit1d: { key: "depositMaxDay", sqlName: "deposit_max_day" },
  maxDeposit7d: { key: "depositMax7Days", sqlName: "deposit_max_7_days" },
  maxDeposit30d: { key: "depositMax30Days", sqlName: "deposit_max_30_days" },
  maxOpenPositions: { key: "openPositionsMax", sqlName: "open_positions_max" },
  sessionMinutes: { key: "sessionLimitMinutes", sqlName: "session_limit_minutes" },
  realityCheckMinutes: { key: "realityCheckMinutes", sqlName: "reality_check_minutes" },
  timeoutUntil: { key: "timeoutUntil", sqlName: "timeout_until" },
  excludedUntil: { key: "excludedUntil", sqlName: "excluded_until" },
};

/** The field a pending entry's SQL name belongs to. */
export function fieldOfColumn(sqlName: string): LoosenableLimitField | undefined {
  const entry = Object.entries(LIMIT_COLUMNS).find(([, column]) => column.sqlName === sqlName);
  return entry?.[0] as LoosenableLimitField | undefined;
}

/** No limits: what a customer without a row has. */
export const NO_LIMITS = (userId: number): LimitsRow => ({
  userId,
  balanceMax: null,
  turnoverMaxDay: null,
  turnoverMax7Days: null,
  turnoverMax30Days: null,
  lossesMaxDay: null,
  lossesMax7Days: null,
  lossesMax30Days: null,
  depositMaxDay: null,
  depositMax7Days: null,
  depositMax30Days: null,
  openPositionsMax: null,
  sessionLimitMinutes: null,
  timeoutUntil: null,
  excludedUntil: null,
  realityCheckMinutes: null,
  pending: {},
});

/** The end of a timeout or exclusion in force at `now`, or null. */
export function barredUntil(row: Pick<LimitsRow, "timeoutUntil" | "excludedUntil"> | undefined, now: number): number | null {
  const until = Math.max(row?.timeoutUntil ?? 0, row?.excludedUntil ?? 0);
  return until > now ? until : null;
}
