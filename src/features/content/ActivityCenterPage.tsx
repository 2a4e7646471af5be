import { useLingui } from "@lingui/react/macro";
import { Link, useRouter } from "@tanstack/react-router";

import { useSubmission } from "@/api/submission";
import { NavBar } from "@/ui/NavBar";
import { showToast } from "@/ui/toast";
import type { ActivityCentre } from "#contract/content";

import { signInToday } from "./api";

/** The activity centre: the activities, and the daily sign-in (once a day, bonus to cash). */
export function ActivityCenterPage({ centre }: { centre: ActivityCentre }) {
  const { t } = useLingui();
  const router = useRouter();
  const { submit: send, busy } = useSubmission();

  async function signIn() {
    const answer = await send({}, signInToday);
    if (answer.code === 1) {
      showToast(answer.msg, { tone: "success" });
      await router.invalidate();
    }
  }

  return (
    <main className="page">
      <NavBar title={t`Activity centre`} />
      <section className="channel-card">
        <strong>{t`Daily sign-in`}</strong>
        <p className="record-sub">{t`Bonus ${centre.signinBonus} U, once a day.`}</p>
        <button
          type="button"
          className="button button-primary"
          onClick={signIn}
          disabled={busy}
          data-signed={centre.signedInToday ? "yes" : "no"}
        >
          {centre.signedInToday ? t`Signed in today` : t`Sign in`}
        </button>
      </section>
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
    </main>
  );
}
