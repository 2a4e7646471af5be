import { Trans, useLingui } from "@lingui/react/macro";

import type { AuditRow } from "#contract/ops-answers";

import { api } from "../api";
import { auditLabel } from "../audit-labels";
import type { Column } from "../DataTable";
import type { FilterField } from "../FilterBar";
import { when } from "../i18n";
import { ListView } from "../ListView";
import { useList } from "../use-list";

/** What a logged action changed, a line per field: label, before → after (amounts in U, as the server gave them). */
function Changes({ row }: { row: AuditRow }) {
  const { i18n } = useLingui();
  if (row.changes.length === 0) return <>—</>;
  return (
    <ul className="changes">
      {row.changes.map((change) => (
        <li key={change.field}>
          <span className="label">{auditLabel(change.field, (descriptor) => i18n._(descriptor))}</span>:{" "}
          {change.before !== null && (
            <>
              <del>{change.before}</del> →{" "}
            </>
          )}
          <ins>{change.after ?? "—"}</ins>
        </li>
      ))}
    </ul>
  );
}

export function AuditPage() {
  const { t } = useLingui();
  const list = useList(api.auditLog, ["since", "until", "actor", "action", "q"]);
  const filters: FilterField[] = [
    { name: "since", label: t`From`, kind: "date" },
    { name: "until", label: t`To`, kind: "date" },
    { name: "actor", label: t`Operator`, kind: "text" },
    { name: "action", label: t`Action`, kind: "text", placeholder: "POST /api/ops/withdrawal/review" },
    { name: "q", label: t`Target`, kind: "text", placeholder: t`Target, e.g. withdrawal:12` },
  ];
  const columns: Column<AuditRow>[] = [
    { head: <Trans>When</Trans>, cell: (row) => when(row.at), sort: "time" },
    { head: <Trans>Operator</Trans>, cell: (row) => row.actor },
    { head: <Trans>Action</Trans>, cell: (row) => <code>{row.action}</code> },
    { head: <Trans>Target</Trans>, cell: (row) => row.target },
    { head: <Trans>Before → after</Trans>, cell: (row) => <Changes row={row} /> },
    { head: "IP", cell: (row) => row.ip },
  ];
  return (
    <section>
      <h1>
        <Trans>Audit log</Trans>
      </h1>
      <ListView list={list} filters={filters} columns={columns} rowName="audit" exportPath={api.exportAudit} className="audit" />
    </section>
  );
}
