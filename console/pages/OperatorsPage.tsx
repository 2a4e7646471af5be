import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useContext, useState } from "react";

import { OPERATOR_PASSWORD_MIN, OPS_ROLES } from "#contract/operators";
import type { OperatorAccount } from "#contract/ops-answers";

import { api, call } from "../api";
import { formFields } from "../form-fields";
import { FormStatus } from "../FormStatus";
import { OperatorContext } from "../operator-context";
import { OperatorSessions } from "../OperatorSessions";
import { useLoad } from "../use-load";
import { useSubmit } from "../use-submit";

/** A secret the server answers once (a new operator's password and authenticator, a temporary password). */
interface ShownOnce {
  username: string;
  password: string;
  otpauth?: string;
}

/**
 * The operators (admins only): add one, disable or enable, change the role, reset the password or the
 * authenticator (the operator then sets a new one at next sign-in), list and end sessions, and link the
 * customer accounts an operator holds (they may not review those). Nobody is offered what the server refuses:
 * no role, switch or reset on the admin's own row, no role or switch that would leave no active admin.
 */
export function OperatorsPage() {
  const { t } = useLingui();
  const self = useContext(OperatorContext);
  const action = useSubmit();
  const [shown, setShown] = useState<ShownOnce | null>(null);
  const [sessionsOf, setSessionsOf] = useState<string | null>(null);
  const { data, error, reload } = useLoad(() => call(api.listOperators));
  if (error) return <p className="error">{error}</p>;
  if (!data) return null;
  const activeAdmins = data.filter((row) => row.role === "admin" && !row.disabled).length;
  const run = (work: () => Promise<unknown>, done: string) => void action.submit(work, done).then((ok) => ok && reload());

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = formFields(form);
    run(
      async () => {
        const created = await call(api.addOperator, fields);
        setShown({ username: created.username, password: created.password, otpauth: created.otpauth });
        form.reset();
      },
      t`Operator added`,
    );
  };
  const resetPassword = (username: string) => run(async () => setShown(await call(api.resetOpsPassword, { username })), t`Password reset`);

  return (
    <section className="operators">
      <h1>
        <Trans>Operators</Trans>
      </h1>
      <p className="hint">
        <Trans>
          A reset password or authenticator is set again by the operator at their next sign-in; disabling ends every session at once.
        </Trans>
      </p>
      {shown && (
        <div role="status" className="panel shown-once" data-testid="shown-once">
          <p>
            <Trans>
              For {shown.username}: pass this on now, it is not shown again. It works for one sign-in, after which they choose their own.
            </Trans>
          </p>
          <code className="secret">{shown.password}</code>
          {shown.otpauth && <code className="secret">{shown.otpauth}</code>}
          <button type="button" onClick={() => setShown(null)}>
            <Trans>Done</Trans>
          </button>
        </div>
      )}
      <FormStatus error={action.error} notice={action.notice} />
      <table>
        <thead>
          <tr>
            <th>{t`Operator`}</th>
            <th>{t`Role`}</th>
            <th>{t`State`}</th>
            <th>{t`Sessions`}</th>
            <th>{t`Customer accounts held`}</th>
            <th>{t`Actions`}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((row) => (
            <OperatorRow
              key={row.id}
              row={row}
              isSelf={self?.id === row.id}
              lastAdmin={row.role === "admin" && !row.disabled && activeAdmins <= 1}
              busy={action.busy}
              run={run}
              onResetPassword={() => resetPassword(row.username)}
              onSessions={() => setSessionsOf(sessionsOf === row.username ? null : row.username)}
            />
          ))}
        </tbody>
      </table>
      {sessionsOf && <OperatorSessions username={sessionsOf} onChange={reload} />}
      <form className="panel" onSubmit={add} aria-label={t`New operator`}>
        <h2>
          <Trans>New operator</Trans>
        </h2>
        <label>
          <Trans>Username</Trans>
          <input name="username" required pattern="[A-Za-z][A-Za-z0-9_.\-]{2,31}" autoComplete="off" />
        </label>
        <label>
          <Trans>Role</Trans>
          <select name="role" defaultValue="support">
            {OPS_ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </label>
        <p className="hint">
          <Trans>A password of {OPERATOR_PASSWORD_MIN} characters or more is made for them and shown once.</Trans>
        </p>
        <button type="submit" disabled={action.busy}>
          <Trans>Add operator</Trans>
        </button>
      </form>
    </section>
  );
}

function OperatorRow(props: {
  row: OperatorAccount;
  isSelf: boolean;
  lastAdmin: boolean;
  busy: boolean;
  run: (work: () => Promise<unknown>, done: string) => void;
  onResetPassword: () => void;
  onSessions: () => void;
}) {
  const { t } = useLingui();
  const { row, run } = props;
  const username = row.username;
  const [account, setAccount] = useState("");
  // the server refuses a change to one's own account and one that leaves no active admin: neither is offered
  const fixed = props.isSelf || props.lastAdmin;
  const state = [
    row.disabled ? t`disabled` : t`active`,
    row.locked ? t`sign-in locked` : null,
    row.mustChangePassword ? t`new password due` : null,
    row.mustEnrolTotp ? t`authenticator due` : null,
  ].filter(Boolean);
  return (
    <tr data-testid={`operator-${username}`}>
      <td>
        {username}
        {props.isSelf && <small>{t` (you)`}</small>}
      </td>
      <td>
        {fixed ? (
          row.role
        ) : (
          <select
            aria-label={t`Role of ${username}`}
            value={row.role}
            disabled={props.busy}
            onChange={(event) => run(() => call(api.setOperatorRole, { username, role: event.target.value }), t`Role changed`)}
          >
            {OPS_ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        )}
      </td>
      <td>{state.join(", ")}</td>
      <td>
        <button type="button" onClick={props.onSessions} aria-label={t`Sessions of ${username}`}>
          {row.sessions}
        </button>
      </td>
      <td>
        <ul className="held">
          {row.customers.map((held) => (
            <li key={held}>
              {held} {/* only another admin may take back what one declared holding */}
              {!props.isSelf && (
                <button
                  type="button"
                  disabled={props.busy}
                  onClick={() => run(() => call(api.setOperatorCustomer, { username, account: held, linked: "0" }), t`Unlinked`)}
                >
                  {t`Unlink ${held}`}
                </button>
              )}
            </li>
          ))}
        </ul>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            run(() => call(api.setOperatorCustomer, { username, account, linked: "1" }).then(() => setAccount("")), t`Linked`);
          }}
        >
          <label>
            {t`Customer account to link`}
            <input value={account} onChange={(event) => setAccount(event.target.value)} required />
          </label>
          <button type="submit" disabled={props.busy}>
            <Trans>Link</Trans>
          </button>
        </form>
      </td>
      <td className="actions">
        {!fixed && (
          <button
            type="button"
            disabled={props.busy}
            onClick={() =>
              run(
                () => call(api.setOperatorEnabled, { username, enabled: row.disabled ? "1" : "0" }),
                row.disabled ? t`Enabled` : t`Disabled`,
              )
            }
          >
            {row.disabled ? t`Enable ${username}` : t`Disable ${username}`}
          </button>
        )}
        {/* one's own password changes with the current one, at the sign-in steps; never by a reset */}
        {!props.isSelf && (
          <>
            <button type="button" disabled={props.busy} onClick={props.onResetPassword}>
              {t`Reset password of ${username}`}
            </button>
            <button
              type="button"
              disabled={props.busy}
              onClick={() => run(() => call(api.resetOperatorTotp, { username }), t`Authenticator reset`)}
            >
              {t`Reset authenticator of ${username}`}
            </button>
          </>
        )}
      </td>
    </tr>
  );
}
