import { Trans } from "@lingui/react/macro";

/** Page through a list the server answers in pages: previous, "page n of m", next. */
export function Pager({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="pager">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <Trans>Previous</Trans>
      </button>
      <span>
        <Trans>
          Page {page} of {pages}
        </Trans>
      </span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <Trans>Next</Trans>
      </button>
    </div>
  );
}
