import { useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useMemo } from "react";

import { serverNow } from "@/api/client";
import { settledChange } from "@/api/order-figures";
import { fetchOrder } from "@/api/trading";
import { formatAmount } from "@/i18n/format";
import { noticesWanted, type ResultNotice, showResultNotice } from "@/ui/result-notices";
import type { Order } from "#contract/trading";

import { knowHolding, noticeCandidates, ordersToNotice, tabMemory } from "./settle-notices";

/**
 * Settled orders as system notices while the customer looks elsewhere. The page tells it the holding orders it
 * shows (from a live answer, not a saved copy) and what its polls saw settle: whole orders, or ids gone from the
 * holding list (fetched only when a notice is due).
 */
export function useResultNotices(userId: number, holding: Order[], live: boolean) {
  const { t, i18n } = useLingui();
  const language = i18n.locale;

  useEffect(() => {
    if (live) knowHolding(tabMemory, holding, serverNow());
  }, [holding, live]);

  const noticeOf = useCallback(
    (order: Order): ResultNotice => {
      const change = settledChange(order) ?? 0;
      const amount = `${change > 0 ? "+" : change < 0 ? "−" : ""}${formatAmount(Math.abs(change) / 100, language)}`;
      const name = order.name;
      const title = { win: t`Won ${amount} U · ${name}`, loss: t`Lost ${amount} U · ${name}`, tie: t`Tie ${amount} U · ${name}` }[
        order.result ?? "tie"
      ];
      return {
        tag: `order-result-${order.id}`,
        title,
        body: t`Open ${order.openPrice} → close ${order.closePrice ?? "—"}`,
        url: `#/pages/user/orderdetail?id=${order.id}`,
      };
    },
    [t, language],
  );

  const settled = useCallback(
    (orders: Order[]) => {
      if (!noticesWanted(userId)) return;
      for (const order of ordersToNotice(tabMemory, orders)) {
        tabMemory.noticed.add(order.id);
        void showResultNotice(noticeOf(order));
      }
    },
    [userId, noticeOf],
  );

  const settledIds = useCallback(
    async (ids: number[]) => {
      if (!noticesWanted(userId)) return;
      const answers = await Promise.all(noticeCandidates(tabMemory, ids).map((id) => fetchOrder(id)));
      settled(answers.flatMap((answer) => (answer.code === 1 ? [answer.data] : [])));
    },
    [userId, settled],
  );

  // one object for the page's life (while the language stays): the pages' poll effects depend on it
  return useMemo(() => ({ settled, settledIds }), [settled, settledIds]);
}
