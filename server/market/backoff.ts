export interface BackoffOptions {
  /** the first retry waits about this long */
  baseMs: number;
  /** no retry waits longer */
  maxMs: number;
}

/**
 * How long to wait before reconnect attempt `attempt` (0 for the first): doubling from baseMs up to maxMs, of
 * which a random half is waived ("equal jitter"), so many processes or symbols that lost the exchange together
 * do not all knock again in the same instant, and no wait is shorter than half its step.
 */
export function backoffDelay(attempt: number, options: BackoffOptions, random: () => number = Math.random): number {
  const step = Math.min(options.maxMs, options.baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(step / 2 + random() * (step / 2));
}
