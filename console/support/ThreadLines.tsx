import { Trans, useLingui } from "@lingui/react/macro";

import type { SupportLineForOps } from "#contract/support-chat";

import { when } from "../i18n";
import { recordHref } from "./support-href";

/** A record a line links, as a link to where the operator opens it. */
function RecordLink({ line, userId }: { line: SupportLineForOps; userId: number }) {
  const { t } = useLingui();
  if (!line.record) return null;
  const { kind, id } = line.record;
  const name = kind === "recharge" ? t`Recharge #${id}` : kind === "withdrawal" ? t`Withdrawal #${id}` : t`Order #${id}`;
  return (
    <a className="support-record" href={recordHref(kind, id, userId)} data-testid="support-record-link">
      {name}
    </a>
  );
}

/**
 * The thread as an operator reads it: the customer's lines, the replies with who wrote them, and the internal
 * notes set apart (the customer never sees those). A picture opens full size from the console's file path.
 */
export function ThreadLines({ lines, userId }: { lines: SupportLineForOps[]; userId: number }) {
  if (lines.length === 0)
    return (
      <p className="muted">
        <Trans>No line yet: a reply starts the thread.</Trans>
      </p>
    );
  return (
    <ol className="support-lines" data-testid="support-lines">
      {lines.map((line) => (
        <li
          key={line.id}
          className={line.internal ? "support-line support-note" : `support-line support-${line.author}`}
          data-testid={line.internal ? "support-note" : `support-line-${line.author}`}
        >
          <p className="support-meta">
            {line.internal ? (
              <Trans>Internal note by {line.operatorName}</Trans>
            ) : line.author === "operator" ? (
              line.operatorName
            ) : (
              <Trans>Customer</Trans>
            )}{" "}
            · {when(line.time)}
          </p>
          {line.text !== null && <p className="support-text">{line.text}</p>}
          {line.image && (
            <a href={line.image} target="_blank" rel="noreferrer">
              <img className="support-image" src={line.image} alt="" />
            </a>
          )}
          <RecordLink line={line} userId={userId} />
        </li>
      ))}
    </ol>
  );
}
