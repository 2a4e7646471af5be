import { useLingui } from "@lingui/react/macro";
import { useEffect, useMemo, useState } from "react";

import type { FairCommitment, FairReveal } from "#contract/fair";

import { useFairTime } from "./fair-time";
import { checkSeed, revealTime } from "./verify/steps";

interface MinuteRow {
  commitment: FairCommitment;
  reveal?: FairReveal;
}

/** Latest first: the minutes committed ahead, then the current one, then the past. */
function rowsOf(commitments: readonly FairCommitment[], reveals: readonly FairReveal[]): MinuteRow[] {
  const seeds = new Map(reveals.map((r) => [r.commitment, r]));
  return [...commitments]
    .sort((a, b) => b.minute - a.minute || b.createdAt - a.createdAt)
    .map((commitment) => ({ commitment, reveal: seeds.get(commitment.commitment) }));
}

/** Each revealed seed checked against its commitment here, in the browser: the list does not take the server's word. */
function useSeedChecks(rows: readonly MinuteRow[]): ReadonlyMap<string, boolean> {
  const [checked, setChecked] = useState<ReadonlyMap<string, boolean>>(new Map());
  useEffect(() => {
    let current = true;
    void Promise.all(
      rows
        .filter((row) => row.reveal)
        .map(async (row) => [row.commitment.commitment, (await checkSeed(row.commitment, row.reveal)).status === "pass"] as const),
    ).then((results) => {
      if (current) setChecked(new Map(results));
    });
    return () => {
      current = false;
    };
  }, [rows]);
  return checked;
}

/** Today's commitments and their seeds once revealed, with the check of each seed. */
export function MinuteList({
  commitments,
  reveals,
  now,
}: {
  commitments: readonly FairCommitment[];
  reveals: readonly FairReveal[];
  now: number;
}) {
  const { t } = useLingui();
  const time = useFairTime();
  const rows = useMemo(() => rowsOf(commitments, reveals), [commitments, reveals]);
  const checked = useSeedChecks(rows);
  if (rows.length === 0) return <p className="ticket-rule">{t`No commitments published for these minutes.`}</p>;
  return (
    <ul className="fair-list" data-testid="fair-minutes">
      {rows.map(({ commitment, reveal }) => {
        const minute = time.minute(commitment.start);
        const at = time.second(revealTime(commitment.minute));
        const verdict = checked.get(commitment.commitment);
        const state = commitment.lost
          ? { text: t`Lost: seed not kept`, tone: "fail" }
          : reveal
            ? verdict === false
              ? { text: t`✗ Seed does not match`, tone: "fail" }
              : { text: verdict ? t`✓ Seed matches` : t`Seed revealed`, tone: "pass" }
            : commitment.start > now
              ? { text: t`Committed ahead · seed at ${at}`, tone: "wait" }
              : { text: t`Seed at ${at}`, tone: "wait" };
        return (
          <li key={commitment.commitment} data-minute={commitment.minute}>
            <details>
              <summary className="fair-row">
                <span className="fair-time">{minute}</span>
                <code className="fair-hash">{commitment.commitment.slice(0, 12)}…</code>
                <span className={`fair-state fair-${state.tone}`}>{state.text}</span>
              </summary>
              <dl className="fair-values">
                <dt>{t`Commitment`}</dt>
                <dd>
                  <code>{commitment.commitment}</code>
                </dd>
                <dt>{t`Published`}</dt>
                <dd>{time.second(commitment.createdAt)}</dd>
                <dt>{t`Seed`}</dt>
                <dd>{reveal ? <code>{reveal.seed}</code> : "—"}</dd>
                <dt>{t`Parameters`}</dt>
                <dd>
                  <code>{commitment.params}</code>
                </dd>
              </dl>
            </details>
          </li>
        );
      })}
    </ul>
  );
}
