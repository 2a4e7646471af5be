import { useLingui } from "@lingui/react/macro";

import type { Order } from "#contract/trading";

/** A void order's label and why it was voided, in the reader's language; null for any other order. */
export function useVoidText(order: Order): { label: string; reason: string } | null {
  const { t } = useLingui();
  if (order.status !== "void") return null;
  const reason =
    order.voidReason === "source_switch"
      ? t`The product's price source changed while the order was open, so it was cancelled and its amount and fee returned.`
      : order.voidReason === "feed_silent"
        ? t`No trade was heard from the exchange at the order's expiry, so no price could decide it: it was cancelled and its amount and fee returned.`
        : order.voidReason === "uncommitted"
          ? t`A price of this order cannot be checked: it was recorded without a prior published commitment, or the seed behind it was lost before it was revealed. The order was cancelled and its amount and fee returned.`
          : t`The order was cancelled and its amount and fee returned.`;
  return { label: t`Void — refunded`, reason };
}
