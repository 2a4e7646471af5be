import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";

import { NavBar } from "@/ui/NavBar";
import { OfflineBanner } from "@/ui/OfflineBanner";
import { useSubmit } from "@/ui/use-submit";
import type { ActivityCentre } from "#contract/content";

import { signInToday } from "./api";

/** The activity centre: the activities, and the daily sign-in (once a day, bonus to cash). */
export function ActivityCenterPage({ centre, offlineSince }: { centre: ActivityCentre; offlineSince?: number }) {
  const { t } = useLingui();
  const { submit: send, busy } = useSubmit();

  async function signIn() {
    await send({}, signInToday, { reload: true });
  }

  return (
    <main className="page">
      <NavBar title={t`Activity centre`} />
      {offlineSince !== undefined && <OfflineBanner since={offlineSince} />}
      <section className="channel-card signin-card">
        <strong>{t`Daily sign-in`}</strong>
        <p className="record-sub">{t`Bonus ${centre.signinBonus} U, once a day.`}</p>
        <button
          type="button"
          className="button button-primary"
          onClick={signIn}
          // once a day: after today's sign-in the button says so and cannot be pressed again
          disabled={busy || centre.signedInToday === true}
          data-signed={centre.signedInToday ? "yes" : "no"}
        >
          {centre.signedInToday ? t`Signed in today` : t`Sign in`}
        </button>
      </section>
      {/* the sign-in above is the centre's own; the list holds the activities operators publish */}
      {centre.activities.length > 0 && (
        <ul className="record-list">
          {centre.activities.map((activity) => (
            <li key={activity.id} className="record">
              <Link to="/pages/activity/details" search={{ id: activity.id }} className="content-link">
                <strong>{activity.title}</strong>
                <span className="record-sub">{activity.summary}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
