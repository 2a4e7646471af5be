import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { memo, useEffect, useRef, useState } from "react";

import type { Period } from "#contract/markets";

import { forgetRecentAsset, readRecentAssets, type RecentAsset, rememberRecentAsset, withRecent } from "./recent-assets";
import { pairInName } from "./short-name";
import { useTextFits } from "./use-text-fits";

/** the tab's widest text (its max-width less the × and the padding, trade.css) */
const TAB_TEXT_PX = 104;

interface Props {
  userId: number;
  pid: number;
  name: string;
  period: Period;
}

/**
 * The assets opened lately, as tabs along the top of the trade screen: a tap switches to one, × takes it off. The
 * one on screen is put first when the screen opens, so switching back and forth is one tap.
 */
export const RecentAssets = memo(function RecentAssets({ userId, pid, name, period }: Props) {
  const { t } = useLingui();
  // the first render already shows this asset first: the screen is not drawn twice when it opens
  const [assets, setAssets] = useState<RecentAsset[]>(() => withRecent(readRecentAssets(userId), { pid, name }));
  useEffect(() => {
    const saved = rememberRecentAsset(userId, { pid, name });
    setAssets((shown) => (sameAssets(shown, saved) ? shown : saved));
  }, [userId, pid, name]);
  return (
    <nav className="tr-recent" aria-label={t`Recent assets`} data-testid="recent-assets">
      {assets.map((asset) => (
        <span key={asset.pid} className="tr-recent-tab" aria-current={asset.pid === pid ? "true" : undefined} data-pid={asset.pid}>
          <Link to="/pages/trade/trade" search={{ pid: asset.pid, period }} replace className="tr-recent-open">
            <TabName name={asset.name} />
          </Link>
          <button
            type="button"
            className="tr-recent-remove"
            aria-label={t`Remove ${asset.name} from recent assets`}
            onClick={() => setAssets(forgetRecentAsset(userId, asset.pid))}
          >
            ×
          </button>
        </span>
      ))}
    </nav>
  );
});

const sameAssets = (a: RecentAsset[], b: RecentAsset[]) =>
  a.length === b.length && a.every((asset, i) => asset.pid === b[i]!.pid && asset.name === b[i]!.name);

/** A tab's name, or the pair inside it when the name is too long for the tab ("Palladium XPD/USD" → "XPD/USD"). */
function TabName({ name }: { name: string }) {
  const box = useRef<HTMLSpanElement>(null);
  const pair = pairInName(name);
  const fits = useTextFits(box, name, 0, TAB_TEXT_PX);
  if (fits || !pair) {
    return (
      <span ref={box} className="tr-recent-name">
        {name}
      </span>
    );
  }
  return (
    <span ref={box} className="tr-recent-name" title={name}>
      <span className="visually-hidden">{name}</span>
      <span aria-hidden="true">{pair}</span>
    </span>
  );
}
