import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";

import type { CustomerFound as Found } from "#contract/ops-answers";

import { api } from "../api";
import type { Column } from "../DataTable";
import type { FilterField } from "../FilterBar";
import { money, when } from "../i18n";
import { ListView } from "../ListView";
import { useList } from "../use-list";

export function UsersPage() {
  const { t } = useLingui();
  const list = useList(api.searchUsers, ["q", "since", "until", "state"]);
  const filters: FilterField[] = [
    { name: "q", label: t`Search`, kind: "text", placeholder: t`Account, phone, id or invite code` },
    {
      name: "state",
      label: t`Account state`,
      kind: "select",
      options: [
        { value: "all", label: t`All` },
        { value: "locked", label: t`Locked` },
        { value: "verified", label: t`Verified` },
        { value: "unverified", label: t`Not verified` },
      ],
    },
    { name: "since", label: t`Registered from`, kind: "date" },
    { name: "until", label: t`Registered to`, kind: "date" },
  ];
  const columns: Column<Found>[] = [
    { head: "#", cell: (user) => user.id },
    { head: <Trans>Account</Trans>, cell: (user) => user.account },
    { head: <Trans>Phone</Trans>, cell: (user) => user.phone },
    { head: <Trans>Invite code</Trans>, cell: (user) => user.inviteCode },
    { head: <Trans>Registered</Trans>, cell: (user) => when(user.createdAt), sort: "time" },
    { head: <Trans>Cash</Trans>, className: "amount", cell: (user) => money(user.cash), sort: "cash" },
    {
      // the customer's own page (#/users/12): the list's filters stay in this page's address for the way back
      cell: (user) => (
        <Link to="/users/$id" params={{ id: String(user.id) }}>
          <Trans>Open</Trans>
        </Link>
      ),
    },
  ];
  return (
    <section>
      <h1>
        <Trans>Users</Trans>
      </h1>
      <ListView list={list} filters={filters} columns={columns} rowName="user" exportPath={api.exportUsers} />
    </section>
  );
}
