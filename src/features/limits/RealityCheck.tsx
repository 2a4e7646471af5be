import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { useCallback, useEffect, useState } from "react";

import { currentUserAtom } from "@/api/session";
import { Money } from "@/ui/Money";
import { Sheet } from "@/ui/Sheet";
import type { SessionSummary } from "#contract/self-limits";

import { fetchSessionSummary } from "./api";
import { millisecondsUntil, nextRealityCheck, readAcknowledged, writeAcknowledged } from "./reality-check-due";

/** When a summary cannot be read (offline, a server restart), the next try. */
const RETRY_MS = 60_000;
/** setTimeout holds at most about 24.8 days; a later check is planned again when that one fires. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

interface Shown {
  summary: SessionSummary;
  /** the device's clock when the summary arrived: the sheet's time in session counts on from it */
  arrivedAt: number;
}

/**
 * The reality check the customer chose on the Limits page: at each interval of this session (timed from the
 * server's start of it) a sheet over whatever screen is open, with the time in session and the session's trades,
 * turnover and profit or loss, and Continue or Log out. Mounted once in the app shell for a signed-in customer.
 */
export function RealityCheck({ onLogOut }: { onLogOut: () => void }) {
  const user = useAtomValue(currentUserAtom);
  if (!user) return null;
  return <RealityCheckTimer key={user.id} userId={user.id} onLogOut={onLogOut} />;
}

function RealityCheckTimer({ userId, onLogOut }: { userId: number; onLogOut: () => void }) {
  const [shown, setShown] = useState<Shown | null>(null);
  // bumped to plan again: after Continue, and when the app comes back to the foreground (the interval may have changed)
  const [plan, setPlan] = useState(0);

  useEffect(() => {
    if (shown) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const schedule = async () => {
      const answer = await fetchSessionSummary();
      if (cancelled) return;
      if (answer.code !== 1) {
        timer = setTimeout(() => void schedule(), RETRY_MS);
        return;
      }
      const summary = answer.data;
      const arrivedAt = Date.now();
      const due = nextRealityCheck(summary.sessionStart, summary.realityCheckMinutes, readAcknowledged(userId, summary.sessionStart));
      if (due === null) return;
      const wait = millisecondsUntil(due, summary.now, arrivedAt, arrivedAt);
      if (wait === 0) return setShown({ summary, arrivedAt });
      // the figures are read again when the sheet is due, so it shows the trades made until then
      timer = setTimeout(() => void schedule(), Math.min(wait, LONGEST_WAIT_MS));
    };
    void schedule();
    const onVisible = () => {
      if (document.visibilityState === "visible") setPlan((n) => n + 1);
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [userId, shown, plan]);

  const carryOn = useCallback(() => {
    if (!shown) return;
    // the Continue in the server's time: the next check falls one interval after it
    const elapsed = Math.floor((Date.now() - shown.arrivedAt) / 1000);
    writeAcknowledged(userId, shown.summary.sessionStart, shown.summary.now + elapsed);
    setShown(null);
    setPlan((n) => n + 1);
  }, [shown, userId]);

  if (!shown) return null;
  return <RealityCheckSheet summary={shown.summary} onContinue={carryOn} onLogOut={onLogOut} />;
}

function RealityCheckSheet(props: { summary: SessionSummary; onContinue: () => void; onLogOut: () => void }) {
  const { t } = useLingui();
  const { summary } = props;
  const minutes = Math.max(0, Math.floor((summary.now - summary.sessionStart) / 60));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const duration =
    hours > 0
      ? t`${plural(hours, { one: "# hour", other: "# hours" })} ${plural(rest, { one: "# minute", other: "# minutes" })}`
      : plural(rest, { one: "# minute", other: "# minutes" });
  const profit = summary.profitLoss.startsWith("-") ? "loss" : "profit";
  return (
    <Sheet title={t`Reality check`} onClose={props.onContinue}>
      <div className="reality-check" data-testid="reality-check">
        <p>
          <Trans>A reminder you asked for: how this session has gone so far.</Trans>
        </p>
        <dl className="ticket-figures">
          <div className="confirm-row">
            <dt>
              <Trans>Time in session</Trans>
            </dt>
            <dd data-testid="reality-time">{duration}</dd>
          </div>
          <div className="confirm-row">
            <dt>
              <Trans>Trades</Trans>
            </dt>
            <dd data-testid="reality-trades">{summary.trades}</dd>
          </div>
          <div className="confirm-row">
            <dt>
              <Trans>Turnover</Trans>
            </dt>
            <dd data-testid="reality-turnover">
              <Money value={summary.turnover} />
            </dd>
          </div>
          <div className="confirm-row">
            <dt>{profit === "loss" ? <Trans>Loss in this session</Trans> : <Trans>Profit in this session</Trans>}</dt>
            <dd data-testid="reality-result" data-result={profit}>
              <Money value={summary.profitLoss.replace(/^-/, "")} />
            </dd>
          </div>
        </dl>
        {summary.openTrades > 0 && (
          <p className="hint">
            {plural(summary.openTrades, {
              one: "# order is still open and not counted yet.",
              other: "# orders are still open and not counted yet.",
            })}
          </p>
        )}
        <div className="reality-actions">
          <button type="button" className="button" onClick={props.onLogOut}>
            <Trans>Log out</Trans>
          </button>
          <button type="button" className="button button-primary" onClick={props.onContinue}>
            <Trans>Continue</Trans>
          </button>
        </div>
      </div>
    </Sheet>
  );
}
