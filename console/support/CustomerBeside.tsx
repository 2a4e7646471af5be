import { useLingui } from "@lingui/react/macro";

import type { CustomerDetail } from "#contract/ops-answers";

import { CustomerHeading } from "../customer/CustomerHeading";
import { Listing, SectionHead } from "../customer/CustomerListing";
import { OrderAmount } from "../customer/OrderAmount";
import { customerHref } from "../customer-href";
import { money, when } from "../i18n";
import { recordHref } from "./support-href";

const RECENT = 5;

/**
 * The customer beside their thread: who they are and the account's state, balances, and their latest recharges,
 * withdrawals and orders, each opening where the desk handles it.
 */
export function CustomerBeside({ detail }: { detail: CustomerDetail }) {
  const { t } = useLingui();
  const id = detail.user.id;
  const requestColumns = (kind: "recharge" | "withdrawal") => [
    { head: "#", cell: (row: CustomerDetail["recharges"][number]) => <a href={recordHref(kind, row.id, id)}>#{row.id}</a> },
    { head: t`Time`, cell: (row: CustomerDetail["recharges"][number]) => when(row.time) },
    { head: t`Amount (U)`, className: "amount", cell: (row: CustomerDetail["recharges"][number]) => money(row.amount) },
    { head: t`Status`, cell: (row: CustomerDetail["recharges"][number]) => row.status },
  ];
  return (
    <aside className="support-customer" data-testid="support-customer">
      <CustomerHeading detail={detail} />
      <p>
        <a href={customerHref(id)}>{t`Open the customer's page`}</a>
      </p>
      <dl className="support-balances">
        <dt>{t`Cash (U)`}</dt>
        <dd>{money(detail.balances.cash)}</dd>
        <dt>{t`Frozen (U)`}</dt>
        <dd>{money(detail.balances.frozen)}</dd>
        <dt>{t`Language`}</dt>
        <dd>{detail.user.language}</dd>
      </dl>
      <SectionHead title={t`Recharges`} />
      <Listing
        columns={requestColumns("recharge")}
        rows={detail.recharges.slice(0, RECENT)}
        rowKey={(row) => row.id}
        empty={t`No recharge yet.`}
      />
      <SectionHead title={t`Withdrawals`} />
      <Listing
        columns={requestColumns("withdrawal")}
        rows={detail.withdrawals.slice(0, RECENT)}
        rowKey={(row) => row.id}
        empty={t`No withdrawal yet.`}
      />
      <SectionHead title={t`Orders`} />
      <Listing
        columns={[
          { head: "#", cell: (order) => order.id },
          { head: t`Opened`, cell: (order) => when(order.openTime) },
          { head: t`Amount (U)`, className: "amount", cell: (order) => <OrderAmount order={order} /> },
          { head: t`Status`, cell: (order) => `${order.status} ${order.result ?? ""}`.trim() },
        ]}
        rows={detail.orders.slice(0, RECENT)}
        rowKey={(order) => order.id}
        empty={t`The customer has placed no order.`}
      />
    </aside>
  );
}
