import { useLingui } from "@lingui/react/macro";

import type { CustomerDetail } from "#contract/ops-answers";

import { consoleHref } from "../customer-href";
import { money, when } from "../i18n";
import { LedgerKind } from "../LedgerKind";
import { Outcome } from "../QueuePage";
import { Listing, SectionHead } from "./CustomerListing";
import { OrderAmount } from "./OrderAmount";

/**
 * The customer's history, newest first: recharges and withdrawals (with the queues that handle them), sign-ins,
 * the ledger, cards and orders. Amounts are grouped in the operator's language; the unit is in the heading.
 */
export function CustomerHistory({ detail }: { detail: CustomerDetail }) {
  const { t } = useLingui();
  return (
    <>
      <div className="customer-columns">
        <section>
          <SectionHead title={t`Recharges`} href={consoleHref("/recharges")} link={t`Open the recharge queue`} />
          <RequestTable rows={detail.recharges} empty={t`No recharge yet.`} />
        </section>
        <section>
          <SectionHead title={t`Withdrawals`} href={consoleHref("/withdrawals")} link={t`Open the withdrawal queue`} />
          <RequestTable rows={detail.withdrawals} empty={t`No withdrawal yet.`} />
        </section>
      </div>

      <section>
        <SectionHead title={t`Sign-ins`} />
        <Listing
          columns={[
            { head: t`Time`, cell: (row) => when(row.time) },
            { head: t`Kind`, cell: (row) => (row.kind === "register" ? t`registration` : t`login`) },
            { head: t`Address`, cell: (row) => row.ip },
            { head: t`Device`, cell: (row) => row.deviceId ?? "—" },
          ]}
          rows={detail.signIns}
          rowKey={(row) => `${row.time}-${row.kind}-${row.ip}`}
          empty={t`No sign-in has been recorded for this account.`}
        />
      </section>

      <section>
        <SectionHead title={t`Ledger`} />
        <Listing
          columns={[
            { head: t`Time`, cell: (row) => when(row.time) },
            { head: t`Balance`, cell: (row) => row.account },
            { head: t`Change (U)`, className: "amount", cell: (row) => money(row.delta) },
            { head: t`After (U)`, className: "amount", cell: (row) => money(row.balance) },
            { head: t`Reason`, cell: (row) => <LedgerKind kind={row.reason} /> },
            { head: t`Reference`, cell: (row) => row.reference ?? "—" },
          ]}
          rows={detail.ledger}
          rowKey={(row) => row.id}
          empty={t`No money has moved on this account.`}
        />
      </section>
      <section>
        <SectionHead title={t`Cards`} />
        <Listing
          columns={[
            { head: t`Type`, cell: (card) => card.type },
            { head: t`Bank`, cell: (card) => `${card.bank} ${card.branch}`.trim() },
            { head: t`Number`, cell: (card) => <code>{card.number}</code> },
            { head: t`Holder`, cell: (card) => card.holder },
          ]}
          rows={detail.cards}
          rowKey={(card) => card.id}
          empty={t`The customer has added no card or payout account.`}
        />
      </section>
      <section>
        <SectionHead title={t`Orders`} />
        <Listing
          columns={[
            { head: "#", cell: (order) => order.id },
            { head: t`Opened`, cell: (order) => when(order.openTime) },
            { head: t`Direction`, cell: (order) => order.direction },
            { head: t`Amount (U)`, className: "amount", cell: (order) => <OrderAmount order={order} /> },
            { head: t`Status`, cell: (order) => `${order.status} ${order.result ?? ""}`.trim() },
          ]}
          rows={detail.orders}
          rowKey={(order) => order.id}
          empty={t`The customer has placed no order.`}
        />
      </section>
    </>
  );
}

function RequestTable({ rows, empty }: { rows: CustomerDetail["recharges"]; empty: string }) {
  const { t } = useLingui();
  return (
    <Listing
      columns={[
        { head: "#", cell: (row) => `#${row.id}` },
        { head: t`Time`, cell: (row) => when(row.time) },
        { head: t`Amount (U)`, className: "amount", cell: (row) => money(row.amount) },
        { head: t`Status`, cell: (row) => <Outcome status={row.status} reason={null} /> },
      ]}
      rows={rows}
      rowKey={(row) => row.id}
      empty={empty}
    />
  );
}
