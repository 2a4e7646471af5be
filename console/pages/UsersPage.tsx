import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";

import type { CustomerFound as Found } from "#contract/ops-answers";

import { api, call, ConsoleError } from "../api";

export function UsersPage() {
  const { t } = useLingui();
  const [found, setFound] = useState<Found[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const show = (failure: unknown) => setError(failure instanceof ConsoleError ? failure.message : String(failure));
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    setError(null);
    call(api.searchUsers, { q }).then(setFound, show);
  };
  return (
    <section>
      <h1>
        <Trans>Users</Trans>
      </h1>
      <form className="search" onSubmit={search}>
        <input name="q" aria-label={t`Account, phone, id or invite code`} placeholder={t`Account, phone, id or invite code`} required />
        <button type="submit">
          <Trans>Search</Trans>
        </button>
      </form>
      {error && <p className="error">{error}</p>}
      {found && (
        <table>
          <thead>
            <tr>
              <th>#</th>
              <th>
                <Trans>Account</Trans>
              </th>
              <th>
                <Trans>Phone</Trans>
              </th>
              <th>
                <Trans>Invite code</Trans>
              </th>
              <th>
                <Trans>Cash</Trans>
              </th>
              <th />
            </tr>
          </thead>
          <tbody>
            {found.map((user) => (
              <tr key={user.id}>
                <td>{user.id}</td>
                <td>{user.account}</td>
                <td>{user.phone}</td>
                <td>{user.inviteCode}</td>
                <td className="amount">{user.cash}</td>
                <td>
                  <Link to="/users/$id" params={{ id: String(user.id) }}>
                    <Trans>Open</Trans>
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
