import { Plural, Trans, useLingui } from "@lingui/react/macro";

/** Previous and next page of a list the server pages by cursor, and how many rows match the filters. */
export function ListPager(props: {
  total: number;
  totalCapped: boolean;
  previous: string | null;
  next: string | null;
  onPage: (cursor: string) => void;
}) {
  const { t } = useLingui();
  return (
    <nav className="pager" aria-label={t`Pages`}>
      <button type="button" disabled={!props.previous} onClick={() => props.previous && props.onPage(props.previous)}>
        <Trans>Previous</Trans>
      </button>
      {/* "1 row", not "1 rows"; the count in the console's language's digits */}
      <span role="status">
        {props.totalCapped ? (
          <Plural value={props.total} one="At least # row" other="At least # rows" />
        ) : (
          <Plural value={props.total} one="# row" other="# rows" />
        )}
      </span>
      <button type="button" disabled={!props.next} onClick={() => props.next && props.onPage(props.next)}>
        <Trans>Next</Trans>
      </button>
    </nav>
  );
}
