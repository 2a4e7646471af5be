import { Trans } from "@lingui/react/macro";

import type { SupportThreadRow } from "#contract/support-chat";

/** The inbox's view of a thread's last line: its start, or what it is when it has no text (a picture, a link). */
export function LastLine({ row }: { row: SupportThreadRow }) {
  const who = row.lastAuthor === "operator" ? <Trans>Support:</Trans> : null;
  const text = row.lastText === null ? null : row.lastText.length > 80 ? `${row.lastText.slice(0, 80)}…` : row.lastText;
  return (
    <span className="support-last">
      {who} {text ?? (row.lastAuthor === null ? "—" : <Trans>(a picture or a record)</Trans>)}
    </span>
  );
}
