import { FAIR_REVEAL_GRACE_SECONDS } from "#contract/fair";

/**
 * The longest a simulated product's order of `orderSeconds` can take to be decided: its own seconds, then the rest
 * of its exit minute until that minute's seed is revealed, the reveal's grace, and `slackSeconds` for a settlement
 * pass and a poll on a busy machine. Where in the minute the order ends decides how much of that is used, so a test
 * that waits less passes only some of the time.
 */
export function resultWaitMs(orderSeconds: number, slackSeconds: number): number {
  return (orderSeconds + 60 + FAIR_REVEAL_GRACE_SECONDS + slackSeconds) * 1000;
}
