import "./fairness.css";

import { useLingui } from "@lingui/react/macro";
import { useEffect, useMemo, useState } from "react";

import { NavBar } from "@/ui/NavBar";
import { OfflineBanner } from "@/ui/OfflineBanner";
import type { FairHead } from "#contract/fair";

import { earlierWindow, type FairnessOverview, fetchHeads, fetchMinuteWindow, startOfLocalDay } from "./api";
import { ContradictionWarning } from "./ContradictionWarning";
import { HeadList } from "./HeadList";
import { HowItWorks } from "./HowItWorks";
import { MinuteList } from "./MinuteList";
import { minutesStartingIn } from "./seen-record";
import { useContradictions } from "./use-contradictions";
import { VoidDays } from "./VoidDays";

/** Minutes a heads answer covers, as the server counts them (the minute of `from` to the minute of `to`). */
const headMinutes = (from: number, to: number) => minutesStartingIn(Math.floor(from / 60) * 60, to);

/**
 * The public fairness page: how the committed feed works, today's commitments and seeds (latest first, an hour
 * at a time), each product's chain heads, and void orders per day. Every answer is compared with what this
 * device was shown before; a contradiction is shown at the top with both values.
 */
export function FairnessPage({ overview, offlineSince }: { overview: FairnessOverview; offlineSince?: number }) {
  const { t } = useLingui();
  const { found, checkCommitments, checkHeads } = useContradictions();
  const [windows, setWindows] = useState([overview.minutes]);
  const [loading, setLoading] = useState(false);
  const [pid, setPid] = useState(overview.pid);
  const [heads, setHeads] = useState<FairHead[]>(overview.heads);
  const symbols = useMemo(() => new Map(overview.products.map((p) => [p.id, p.code])), [overview.products]);

  // a reload (pull to refresh, back online) starts again from the loader's answer
  useEffect(() => {
    setWindows([overview.minutes]);
    setPid(overview.pid);
    setHeads(overview.heads);
    if (offlineSince !== undefined) return;
    void checkCommitments(overview.minutes.commitments, minutesStartingIn(overview.minutes.from, overview.minutes.to));
    void checkHeads(overview.pid, overview.heads, headMinutes(overview.headsFrom, overview.headsTo));
  }, [overview, offlineSince, checkCommitments, checkHeads]);

  const dayStart = startOfLocalDay(overview.at);
  const oldest = windows[windows.length - 1]!.from;
  const commitments = useMemo(() => windows.flatMap((w) => w.commitments), [windows]);
  const reveals = useMemo(() => windows.flatMap((w) => w.reveals), [windows]);

  async function loadEarlier() {
    const { from, to } = earlierWindow(oldest, dayStart);
    setLoading(true);
    const answer = await fetchMinuteWindow(from, to);
    setLoading(false);
    if (answer.code !== 1) return;
    setWindows((current) => [...current, answer.data]);
    await checkCommitments(answer.data.commitments, minutesStartingIn(from, to));
  }

  async function choose(next: number) {
    setPid(next);
    const to = overview.headsTo;
    const answer = await fetchHeads(next, overview.headsFrom, to);
    if (answer.code !== 1) return;
    setHeads(answer.data);
    await checkHeads(next, answer.data, headMinutes(overview.headsFrom, to));
  }

  return (
    <main className="page fairness-page">
      <NavBar title={t`Fairness`} />
      {offlineSince !== undefined && <OfflineBanner since={offlineSince} />}
      <ContradictionWarning found={found} symbols={symbols} />
      <HowItWorks />

      <section className="fair-section" aria-labelledby="fair-minutes">
        <h2 className="section-title" id="fair-minutes">{t`Today's commitments and seeds`}</h2>
        <p className="ticket-rule">{t`Latest first. Open a minute for its full values; each revealed seed is checked on this device.`}</p>
        <MinuteList commitments={commitments} reveals={reveals} now={overview.at} />
        {oldest > dayStart && (
          <button type="button" className="button load-more" onClick={loadEarlier} disabled={loading || offlineSince !== undefined}>
            {t`Load earlier minutes`}
          </button>
        )}
      </section>

      <section className="fair-section" aria-labelledby="fair-heads">
        <h2 className="section-title" id="fair-heads">{t`Chain heads`}</h2>
        <label className="fair-product">
          <span>{t`Product`}</span>
          <select value={pid} onChange={(event) => void choose(Number(event.target.value))} disabled={offlineSince !== undefined}>
            {overview.products.map((product) => (
              <option key={product.id} value={product.id}>
                {product.name} ({product.code})
              </option>
            ))}
          </select>
        </label>
        <HeadList heads={heads} />
      </section>

      <section className="fair-section" aria-labelledby="fair-voids">
        <h2 className="section-title" id="fair-voids">{t`Void orders per day (UTC)`}</h2>
        <VoidDays days={overview.voids} />
      </section>
    </main>
  );
}
