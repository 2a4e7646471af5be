import { useLingui } from "@lingui/react";

import { fundsKindWords } from "#contract/funds-kinds";

/**
 * A ledger row's kind in the words the customer's funds records use, with the stored kind beside it, which the
 * Ledger page's kind filter and the support conversation about a line can name exactly.
 */
export function LedgerKind({ kind }: { kind: string }) {
  const { i18n } = useLingui();
  const words = fundsKindWords(kind);
  if (!words) return <code>{kind}</code>;
  return (
    <span title={kind} data-kind={kind}>
      {i18n._(words)}
    </span>
  );
}
