/**
 * When the reality check is next due, in the server's seconds. The session's start comes from the server; the
 * last "Continue" is kept in this tab's sessionStorage under the session's start, so a reload keeps it and a new
 * login (a new start) begins afresh. Losing it (a new tab) shows the sheet sooner, never later.
 */

const KEY_PREFIX = "reality-check:";

/** The next due time: one interval after the last Continue in this session, or after the session began. */
export function nextRealityCheck(sessionStart: number, intervalMinutes: number | null, acknowledgedAt: number | null): number | null {
  if (intervalMinutes === null || intervalMinutes <= 0) return null;
  // a Continue from an earlier session (the same start cannot recur, but a wrong value could be stored) does not count
  const from = acknowledgedAt !== null && acknowledgedAt >= sessionStart ? acknowledgedAt : sessionStart;
  return from + intervalMinutes * 60;
}

/** Milliseconds from now until `due`, given the server's time and the device's at one answer (their offset). */
export function millisecondsUntil(due: number, serverNow: number, deviceNowMs: number, deviceAtAnswerMs: number): number {
  const serverNowMs = serverNow * 1000 + (deviceNowMs - deviceAtAnswerMs);
  return Math.max(0, due * 1000 - serverNowMs);
}

const keyOf = (userId: number, sessionStart: number) => `${KEY_PREFIX}${userId}:${sessionStart}`;

export function readAcknowledged(userId: number, sessionStart: number): number | null {
  try {
    const stored = sessionStorage.getItem(keyOf(userId, sessionStart));
    return stored !== null && /^\d+$/.test(stored) ? Number(stored) : null;
  } catch {
    return null;
  }
}

export function writeAcknowledged(userId: number, sessionStart: number, at: number): void {
  try {
    sessionStorage.setItem(keyOf(userId, sessionStart), String(Math.floor(at)));
  } catch {
    // storage refused (private mode): the sheet comes back one interval after the session's start instead
  }
}
