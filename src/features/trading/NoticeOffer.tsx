import { useLingui } from "@lingui/react/macro";

import { askNoticePermission, writeResultNotices } from "@/ui/result-notices";
import { showToast } from "@/ui/toast";

/**
 * The one offer of result notifications on the trade screen (see notice-offer.ts). "Turn on" asks the browser on
 * that tap (the gesture browsers require) and sets the same opt-in as Mine's switch; "Not now" puts it away.
 */
export function NoticeOffer({ userId, onDone }: { userId: number; onDone: () => void }) {
  const { t } = useLingui();

  async function turnOn() {
    const answer = await askNoticePermission();
    writeResultNotices(userId, answer === "granted");
    if (answer === "granted") showToast(t`You will be notified when an order settles.`, { tone: "success" });
    onDone();
  }

  return (
    <section className="tr-offer" aria-labelledby="tr-offer-title" data-testid="notice-offer">
      <strong id="tr-offer-title">{t`Get a notification when an order settles?`}</strong>
      <span>{t`A notice when an order settles while the app is in the background.`}</span>
      <div className="tr-offer-actions">
        <button type="button" className="button" onClick={onDone}>
          {t`Not now`}
        </button>
        <button type="button" className="button button-primary" onClick={() => void turnOn()}>
          {t`Turn on`}
        </button>
      </div>
    </section>
  );
}
