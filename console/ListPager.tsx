import { Trans, useLingui } from "@lingui/react/macro";

/** Previous and next page of a list the server pages by cursor, and how many rows match the filters. */
export function ListPager(props: {
  total: number;
  totalCapped: boolean;
  previous: string | null;
  next: string | null;
  onPage: (cursor: string) => void;
}) {
  const { t } = useLingui();
  const count = props.total.toLocaleString();
  return (
    <nav className="pager" aria-label={t`Pages`}>
      <button type="button" disabled={!props.previous} onClick={() => props.previous && props.onPage(props.previous)}>
        <Trans>Previous</Trans>
      </button>
      <span role="status">{props.totalCapped ? t`At least ${count} rows` : t`${count} rows`}</span>
      <button type="button" disabled={!props.next} onClick={() => props.next && props.onPage(props.next)}>
        <Trans>Next</Trans>
      </button>
    </nav>
  );
}
