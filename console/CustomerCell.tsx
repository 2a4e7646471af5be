import type { FraudSignal } from "#contract/customers";

import { customerHref } from "./customer-href";
import { FraudSignals } from "./FraudSignals";

/** A review row's customer: a link to their page, and the warnings about this request and them. */
export function CustomerCell({ row }: { row: { userId: number; account: string; signals: readonly FraudSignal[] } }) {
  return (
    <>
      <a href={customerHref(row.userId)}>{row.account}</a>
      <FraudSignals signals={row.signals} />
    </>
  );
}
