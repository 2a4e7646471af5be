import { Trans, useLingui } from "@lingui/react/macro";

import type { LedgerRowForOps } from "#contract/lists";

import { api } from "../api";
import type { Column } from "../DataTable";
import type { FilterField } from "../FilterBar";
import { money, when } from "../i18n";
import { LedgerKind } from "../LedgerKind";
import { ListView } from "../ListView";
import { useList } from "../use-list";

/** Every customer's ledger rows, newest first: who, which balance, what moved it, how much, and the balance after. */
export function LedgerPage() {
  const { t } = useLingui();
  const list = useList(api.ledgerRows, ["q", "since", "until", "ledgerKind", "balance", "minAmount", "maxAmount"]);
  const filters: FilterField[] = [
    { name: "q", label: t`Search`, kind: "text", placeholder: t`Account, phone, user:7 or a reference` },
    { name: "ledgerKind", label: t`Kind`, kind: "text", placeholder: "stake, recharge…" },
    {
      name: "balance",
      label: t`Balance`,
      kind: "select",
      options: [
        { value: "", label: t`All` },
        { value: "cash", label: t`Cash` },
        { value: "coin", label: t`Coin` },
        { value: "frozen", label: t`Frozen` },
        { value: "yuebao", label: t`Yuebao` },
      ],
    },
    { name: "since", label: t`From`, kind: "date" },
    { name: "until", label: t`To`, kind: "date" },
    { name: "minAmount", label: t`Amount from (U)`, kind: "amount" },
    { name: "maxAmount", label: t`Amount to (U)`, kind: "amount" },
  ];
  const columns: Column<LedgerRowForOps>[] = [
    { head: <Trans>Time</Trans>, cell: (row) => when(row.time), sort: "time" },
    { head: <Trans>Account</Trans>, cell: (row) => `${row.account} (#${row.userId})` },
    { head: <Trans>Balance</Trans>, cell: (row) => row.balance },
    { head: <Trans>Kind</Trans>, cell: (row) => <LedgerKind kind={row.kind} /> },
    { head: <Trans>Amount</Trans>, className: "amount", cell: (row) => money(row.amount), sort: "amount" },
    { head: <Trans>After</Trans>, className: "amount", cell: (row) => money(row.balanceAfter) },
    { head: <Trans>Reference</Trans>, cell: (row) => row.reference ?? "—" },
  ];
  return (
    <section>
      <h1>
        <Trans>Ledger</Trans>
      </h1>
      <ListView list={list} filters={filters} columns={columns} rowName="ledger" exportPath={api.exportLedger} />
    </section>
  );
}
