import { useLingui } from "@lingui/react/macro";
import { useEffect } from "react";

import { settledChange } from "@/api/order-figures";
import { useAmountFormat } from "@/i18n/format";
import { PracticeBadge } from "@/ui/AccountSwitch";
import { playResultCue } from "@/ui/result-cue";
import type { Order } from "#contract/trading";

/**
 * A settled order's result over whatever screen the customer is on (the trade screen of its product shows its
 * own bubble instead): won, lost or tie with the net change of the balance, and the prices. Tapping it opens
 * the order; the cross puts it away.
 */
export function ResultCard({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useLingui();
  // once per order, as the result appears
  useEffect(() => playResultCue(order.result ?? "tie"), [order.id]); // eslint-disable-line react-hooks/exhaustive-deps -- the order's id says it is a new result
  const money = useAmountFormat();
  const result = order.result ?? "tie";
  const change = settledChange(order) ?? 0;
  const amount = `${change > 0 ? "+" : change < 0 ? "−" : ""}${money(Math.abs(change) / 100)}`;
  const name = order.name;
  const title = { win: t`Won ${amount} U · ${name}`, loss: t`Lost ${amount} U · ${name}`, tie: t`Tie ${amount} U · ${name}` }[result];
  return (
    <div className={`result-card result-card-${result}`} role="status" data-testid="result-card" data-order={order.id} data-result={result}>
      <a href={`#/pages/user/orderdetail?id=${order.id}`} onClick={onClose}>
        <strong>
          {title} {order.account === "practice" && <PracticeBadge testId="result-practice" />}
        </strong>
        <span>{t`Open ${order.openPrice} → close ${order.closePrice ?? "—"}`}</span>
      </a>
      <button type="button" aria-label={t`Close`} onClick={onClose}>
        ×
      </button>
    </div>
  );
}
