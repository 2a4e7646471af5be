import { Trans } from "@lingui/react/macro";

import { AlertsPanel } from "../AlertsPanel";
import { api, call } from "../api";
import { DashboardHistory } from "../DashboardHistory";
import { age, money } from "../i18n";
import { useMay } from "../operator-context";
import { RiskPanel } from "../RiskPanel";
import { useLoad } from "../use-load";
import { useOpsUpdates } from "../use-ops-updates";

export function DashboardPage() {
  const may = useMay();
  const { data, error, reload } = useLoad(() => call(api.dashboard));
  useOpsUpdates(["recharge", "withdrawal", "verification", "adjustment", "orders"], reload);
  if (error) return <p className="error">{error}</p>;
  if (!data) return null;
  const { pending, today } = data;
  return (
    <section>
      <h1>
        <Trans>Dashboard</Trans>
      </h1>
      {may(api.listAlerts) && <AlertsPanel />}
      <h2>
        <Trans>Waiting for review</Trans>
      </h2>
      <table>
        <thead>
          <tr>
            <th>
              <Trans>Queue</Trans>
            </th>
            <th>
              <Trans>Pending</Trans>
            </th>
            <th>
              <Trans>Oldest waiting</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <a href="#/recharges">
                <Trans>Recharges</Trans>
              </a>
            </td>
            <td>{pending.recharges.count}</td>
            <td>{age(pending.recharges.oldestAgeSeconds)}</td>
          </tr>
          <tr>
            <td>
              <a href="#/withdrawals">
                <Trans>Withdrawals</Trans>
              </a>
            </td>
            <td>{pending.withdrawals.count}</td>
            <td>{age(pending.withdrawals.oldestAgeSeconds)}</td>
          </tr>
          <tr>
            <td>
              <a href="#/verifications">
                <Trans>Real-name</Trans>
              </a>
            </td>
            <td>{pending.verifications.count}</td>
            <td>{age(pending.verifications.oldestAgeSeconds)}</td>
          </tr>
          <tr>
            <td>
              <a href="#/adjustments">
                <Trans>Adjustments</Trans>
              </a>
            </td>
            <td data-testid="pending-adjustments">{pending.adjustments.count}</td>
            <td>{age(pending.adjustments.oldestAgeSeconds)}</td>
          </tr>
        </tbody>
      </table>
      <h2>
        <Trans>Today</Trans>
      </h2>
      <dl className="figures">
        <dt>
          <Trans>Deposits credited</Trans>
        </dt>
        <dd>
          {money(today.deposits.total)} ({today.deposits.count})
        </dd>
        <dt>
          <Trans>Withdrawals paid (what left, after the fee)</Trans>
        </dt>
        <dd>
          {money(today.withdrawals.total)} ({today.withdrawals.count})
        </dd>
        <dt>
          <Trans>Withdrawal fees kept</Trans>
        </dt>
        <dd>{money(today.withdrawals.fee)}</dd>
        <dt>
          <Trans>Orders</Trans>
        </dt>
        <dd>
          {money(today.orders.total)} ({today.orders.count})
        </dd>
        <dt>
          <Trans>New users</Trans>
        </dt>
        <dd>{today.newUsers}</dd>
      </dl>
      <RiskPanel />
      {may(api.dashboardHistory) && <DashboardHistory />}
    </section>
  );
}
