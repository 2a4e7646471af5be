import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";

import { api, call } from "../api";
import { when } from "../i18n";
import { useLoad } from "../use-load";

export function AuditPage() {
  const { t } = useLingui();
  const [filter, setFilter] = useState<{ actor?: string; target?: string }>({});
  const { data, error } = useLoad(() => call(api.auditLog, filter), [filter.actor, filter.target]);
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "").trim() || undefined;
    setFilter({ actor: value("actor"), target: value("target") });
  };
  return (
    <section>
      <h1>
        <Trans>Audit log</Trans>
      </h1>
      <form className="search" onSubmit={apply}>
        <input name="actor" aria-label={t`Operator`} placeholder={t`Operator`} />
        <input name="target" aria-label={t`Target`} placeholder={t`Target, e.g. withdrawal:12`} />
        <button type="submit">
          <Trans>Filter</Trans>
        </button>
      </form>
      {error && <p className="error">{error}</p>}
      <table className="audit">
        <thead>
          <tr>
            <th>
              <Trans>When</Trans>
            </th>
            <th>
              <Trans>Operator</Trans>
            </th>
            <th>
              <Trans>Action</Trans>
            </th>
            <th>
              <Trans>Target</Trans>
            </th>
            <th>
              <Trans>Request</Trans>
            </th>
            <th>
              <Trans>Before → after</Trans>
            </th>
            <th>IP</th>
          </tr>
        </thead>
        <tbody>
          {data?.map((row) => (
            <tr key={row.id}>
              <td>{when(row.at)}</td>
              <td>{row.actor}</td>
              <td>
                <code>{row.action}</code>
              </td>
              <td>{row.target}</td>
              <td>
                <code>{JSON.stringify(row.input)}</code>
              </td>
              <td>
                <code>{row.before === null ? "—" : JSON.stringify(row.before)}</code> →{" "}
                <code>{row.after === null ? "—" : JSON.stringify(row.after)}</code>
              </td>
              <td>{row.ip}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
