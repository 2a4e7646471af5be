import { Trans, useLingui } from "@lingui/react/macro";

/** Which review status a queue shows: waiting (the default), approved, rejected or all. */
export function StatusFilter(props: { value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  return (
    <label className="filter">
      <Trans>Show</Trans>{" "}
      <select value={props.value} onChange={(event) => props.onChange(event.target.value)} aria-label={t`Status`}>
        <option value="review">{t`Waiting for review`}</option>
        <option value="success">{t`Approved`}</option>
        <option value="failed">{t`Rejected`}</option>
        <option value="all">{t`All`}</option>
      </select>
    </label>
  );
}
