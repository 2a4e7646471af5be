import { Trans, useLingui } from "@lingui/react/macro";

import { formatDateTimeInText } from "@/i18n/format";
import { NavBar } from "@/ui/NavBar";
import { useSubmit } from "@/ui/use-submit";
import type { SessionView } from "#contract/two-factor";

import { endOtherSessions, endSessionById } from "./two-step-api";

/**
 * Where the account is signed in: each session's device, address, first and last use (to the minute), this
 * device marked; any other one can be ended, or all of them at once.
 */
export function SessionsPage({ sessions }: { sessions: SessionView[] }) {
  const { t } = useLingui();
  const { send, busy } = useSubmit();
  const others = sessions.filter((session) => !session.current);

  async function end(post: () => ReturnType<typeof endOtherSessions>) {
    await send(post, { reload: true });
  }

  return (
    <main className="page">
      <NavBar title={t`Sessions`} />
      <p className="notice">
        <Trans>Everywhere your account is signed in. End any session you do not recognise, then change your login password.</Trans>
      </p>
      <ul className="record-list" data-testid="sessions">
        {sessions.map((session) => (
          <li key={session.id} className="record" data-current={session.current}>
            <div className="record-line">
              <strong>{session.device}</strong>
              {session.current ? (
                <span className="chip-status chip-success">{t`This device`}</span>
              ) : (
                <button type="button" className="button" disabled={busy} onClick={() => void end(() => endSessionById(session.id))}>
                  {t`End`}
                </button>
              )}
            </div>
            <p className="record-sub">{t`Address ${session.address}`}</p>
            <p className="record-sub">{t`Signed in ${formatDateTimeInText(session.firstSeen)}`}</p>
            <p className="record-sub">{t`Last seen ${formatDateTimeInText(session.lastSeen)}`}</p>
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <div className="form">
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => void end(endOtherSessions)}
            data-testid="end-others"
          >
            {t`End all other sessions`}
          </button>
        </div>
      )}
    </main>
  );
}
