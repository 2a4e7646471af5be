import { useLingui } from "@lingui/react/macro";

import { useCountFormat } from "@/i18n/format";

/**
 * What an order whose time is up says while its result waits for the reveal of its price minute: the exit price
 * is already on the chart, the result follows within about a minute (docs/fairness.md).
 */
export function PendingResultText({ seconds }: { seconds: number }) {
  const { t } = useLingui();
  const count = useCountFormat();
  const left = count(seconds);
  return <>{t`Expired — result when the price minute is revealed (≈ ${left} s)`}</>;
}

/** The trade screen's card for its orders waiting for their result, over the chart. */
export function PendingResults({ orders }: { orders: ReadonlyArray<{ id: number; seconds: number; label: string }> }) {
  if (orders.length === 0) return null;
  return (
    // no live region: a countdown read out each second would drown the screen reader; the result is announced
    <ul className="tr-pending">
      {orders.map((order) => (
        <li key={order.id} data-testid="order-pending" data-order={order.id}>
          <strong>{order.label}</strong> <PendingResultText seconds={order.seconds} />
        </li>
      ))}
    </ul>
  );
}
