import { useLingui } from "@lingui/react/macro";

import type { CustomerDetail } from "#contract/ops-answers";

import { money } from "../i18n";

/**
 * An order's stake on the desk. A practice order stakes play money: it is marked as such, so a support agent or
 * a risk operator never reads its stake as the customer's real money.
 */
export function OrderAmount({ order }: { order: CustomerDetail["orders"][number] }) {
  const { t } = useLingui();
  if (order.account !== "practice") return money(order.amount);
  return (
    <>
      <span className="flag flag-practice">{t`Practice`}</span> {money(order.amount)}
    </>
  );
}
