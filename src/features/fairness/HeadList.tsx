import { useLingui } from "@lingui/react/macro";
import { useState } from "react";

import type { FairHead } from "#contract/fair";

import { useFairTime } from "./fair-time";

/** Heads shown before "show all": the latest minutes say enough on a phone. */
const FIRST = 10;

/** One product's chain head after each minute, latest first. */
export function HeadList({ heads }: { heads: readonly FairHead[] }) {
  const { t } = useLingui();
  const time = useFairTime();
  const [all, setAll] = useState(false);
  const latest = [...heads].sort((a, b) => b.minute - a.minute);
  if (latest.length === 0) return <p className="ticket-rule">{t`No prices recorded for this product in the last hour.`}</p>;
  return (
    <>
      <ul className="fair-list" data-testid="fair-heads">
        {(all ? latest : latest.slice(0, FIRST)).map((head) => (
          <li key={head.minute} className="fair-row" data-minute={head.minute}>
            <span className="fair-time">{time.minute(head.start)}</span>
            <code className="fair-hash fair-hash-long">{head.head}</code>
          </li>
        ))}
      </ul>
      {!all && latest.length > FIRST && (
        <button type="button" className="button load-more" onClick={() => setAll(true)}>
          {t`Show all ${latest.length}`}
        </button>
      )}
    </>
  );
}
