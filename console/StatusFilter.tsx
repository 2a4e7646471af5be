import { Trans, useLingui } from "@lingui/react/macro";

/** Which review status a queue shows: waiting (the default), approved, rejected or all. */
export function StatusFilter(props: { value: string; onChange: (value: string) => void; more?: Array<{ value: string; label: string }> }) {
  const { t } = useLingui();
  return (
    <label className="filter">
      <Trans>Show</Trans>{" "}
      <select value={props.value} onChange={(event) => props.onChange(event.target.value)} aria-label={t`Status`}>
        <option value="review">{t`Waiting for review`}</option>
        <option value="success">{t`Approved`}</option>
        <option value="failed">{t`Rejected`}</option>
        {props.more?.map((view) => (
          <option key={view.value} value={view.value}>
            {view.label}
          </option>
        ))}
        <option value="all">{t`All`}</option>
      </select>
    </label>
  );
}
