import { Trans, useLingui } from "@lingui/react/macro";

import { api, call } from "./api";
import { FormStatus } from "./FormStatus";
import { when } from "./i18n";
import { useLoad } from "./use-load";
import { useSubmit } from "./use-submit";

/** One operator's open console sessions, each with its end, and one end for all (the Operators page). */
export function OperatorSessions({ username, onChange }: { username: string; onChange: () => void }) {
  const { t } = useLingui();
  const end = useSubmit();
  const { data, error, reload } = useLoad(() => call(api.operatorSessions, { username }), [username]);
  const finish = (ref?: string) =>
    void end.submit(() => call(api.endOperatorSessions, { username, ref }), t`Session ended`).then((ok) => ok && (reload(), onChange()));
  if (error) return <p className="error">{error}</p>;
  if (!data) return null;
  return (
    <section className="panel" aria-label={t`Sessions of ${username}`}>
      <h2>
        <Trans>Sessions of {username}</Trans>
      </h2>
      {data.length === 0 ? (
        <p>
          <Trans>No open session.</Trans>
        </p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>{t`Signed in`}</th>
              <th>{t`Last seen`}</th>
              <th>{t`Ends`}</th>
              <th>{t`Address`}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.map((session) => (
              <tr key={session.ref}>
                <td>{when(session.createdAt)}</td>
                <td>{when(session.lastSeenAt)}</td>
                <td>{when(session.expiresAt)}</td>
                <td>{session.address}</td>
                <td>
                  <button type="button" disabled={end.busy} onClick={() => finish(session.ref)}>
                    <Trans>End</Trans>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data.length > 1 && (
        <button type="button" disabled={end.busy} onClick={() => finish()}>
          <Trans>End every session</Trans>
        </button>
      )}
      <FormStatus error={end.error} notice={end.notice} />
    </section>
  );
}
