import { useLingui } from "@lingui/react/macro";

import { MINE_PREVIEW_USER, MINE_PREVIEW_VIP, MINE_PREVIEW_WORDS } from "#contract/static-preview";

import { BALANCE_LABELS } from "./balance-labels";
import { EyeIcon } from "./MineIcons";
import { MineProfile } from "./MineProfile";

/**
 * Mine as the pre-rendered shell shows it on a cold visit until the app arrives (src/app/StaticShell.tsx): the
 * live profile head, which the early-start script fills in from the account read (src/early-start-preview.ts),
 * and the balance card with its labels and a shimmer where the amounts come. The words the head may need
 * (level, real-name state) are written beside it, hidden, in the shell's language, for the script to choose from.
 */
export function MinePreview() {
  const { t, i18n } = useLingui();
  const words = { vip: t`VIP ${MINE_PREVIEW_USER.vipLevel}`, member: t`Member`, verified: t`Verified`, unverified: t`Not verified` };
  return (
    <main className="page page-tab">
      <MineProfile user={MINE_PREVIEW_USER} />
      <section className="balance-card" aria-labelledby="balances-title" aria-busy="true">
        <header className="balance-card-head">
          <h2 id="balances-title">{t`Balances`}</h2>
          {/* the hide toggle's place: it works once the app is up */}
          <span className="icon-button" aria-hidden="true">
            <EyeIcon crossed={false} />
          </span>
        </header>
        <div className="balances">
          {BALANCE_LABELS.map((label) => (
            <div key={label.id} className="balance">
              <span className="balance-label">{i18n._(label)}</span>
              <span className="balance-amount">
                <span className="skeleton skeleton-amount" />
              </span>
            </div>
          ))}
        </div>
      </section>
      <div hidden>
        {Object.entries(words).map(([key, word]) => (
          <span key={key} {...{ [MINE_PREVIEW_WORDS]: key }}>
            {key === "vip" ? word.replace(String(MINE_PREVIEW_USER.vipLevel), MINE_PREVIEW_VIP) : word}
          </span>
        ))}
      </div>
    </main>
  );
}
