import { Trans, useLingui } from "@lingui/react/macro";

import type { CustomerDetail } from "#contract/ops-answers";

import { money, when } from "../i18n";

/** Phone, real name, where the account was registered from, balances and the trading result. */
export function CustomerDetails({ detail }: { detail: CustomerDetail }) {
  const { t } = useLingui();
  const { user, balances, trading } = detail;
  const verification = detail.verifications[0];
  return (
    <section className="panel">
      <h2>
        <Trans>Details</Trans>
      </h2>
      <dl className="figures">
        <dt>
          <Trans>Phone</Trans>
        </dt>
        <dd>{user.phone}</dd>
        <dt>
          <Trans>Real name</Trans>
        </dt>
        <dd>{verification ? `${verification.name} · ${verification.idNumber} (${verification.status})` : (user.name ?? "—")}</dd>
        <dt>
          <Trans>Registered</Trans>
        </dt>
        <dd>
          {when(user.createdAt)}
          {detail.registration &&
            ` · ${detail.registration.ip}${detail.registration.deviceId ? ` · ${t`device`} ${detail.registration.deviceId}` : ""}`}
        </dd>
        <dt>
          <Trans>Cash</Trans>
        </dt>
        <dd className="amount">{money(balances.cash)}</dd>
        <dt>
          <Trans>Coin</Trans>
        </dt>
        <dd className="amount">{money(balances.coin)}</dd>
        <dt>
          <Trans>Frozen</Trans>
        </dt>
        <dd className="amount">{money(balances.frozen)}</dd>
        <dt>
          <Trans>Yuebao</Trans>
        </dt>
        <dd className="amount">{money(balances.yuebao)}</dd>
        <dt>
          <Trans>Orders</Trans>
        </dt>
        <dd data-testid="customer-trading">
          {t`${trading.orders} orders, ${money(trading.staked)} staked, ${money(trading.paidOut)} paid out, profit ${money(trading.profit)}`}
        </dd>
      </dl>
    </section>
  );
}
