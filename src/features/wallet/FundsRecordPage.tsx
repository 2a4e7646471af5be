import { useLingui } from "@lingui/react/macro";

import { formatDateTime, useAmountFormat } from "@/i18n/format";
import { RecordsPage } from "@/ui/RecordsPage";
import type { FundsLine } from "#contract/wallet";

import { FUNDS_KIND_NAMES, isFundsKind } from "./funds-kinds";

/**
 * Every movement of the customer's money, newest first: what kind it was, in which balance, the signed amount
 * and, where an operator decided it (an adjustment, a failed payment), the reason they gave.
 */
export function FundsRecordPage(props: { lines: FundsLine[]; offlineSince?: number }) {
  const { t, i18n } = useLingui();
  const amountText = useAmountFormat();
  const accounts = { cash: t`Cash`, coin: t`Coin`, frozen: t`Frozen`, yuebao: t`Yuebao` };
  return (
    <RecordsPage title={t`Funds records`} offlineSince={props.offlineSince} empty={t`No funds records yet`} count={props.lines.length}>
      <ul className="record-list" data-testid="funds-records">
        {props.lines.map((line) => (
          <li key={line.id} className="record" data-kind={line.kind}>
            <span className="record-line">
              <strong>{isFundsKind(line.kind) ? i18n._(FUNDS_KIND_NAMES[line.kind]) : t`Other`}</strong>
              <span className={line.amount.startsWith("-") ? "amount-down" : "amount-up"}>
                {line.amount.startsWith("-") ? "" : "+"}
                {amountText(line.amount)} {line.account === "coin" ? t`coin` : "U"}
              </span>
            </span>
            <span className="record-sub">
              {accounts[line.account]} · {formatDateTime(line.time)}
            </span>
            {line.note && <span className="record-sub">{t`Reason: ${line.note}`}</span>}
          </li>
        ))}
      </ul>
    </RecordsPage>
  );
}
