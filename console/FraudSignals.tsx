import { Plural, Trans, useLingui } from "@lingui/react/macro";

import type { FraudSignal, SignalAccount } from "#contract/customers";

import { customerHref } from "./customer-href";
import { money } from "./i18n";

/** Accounts named in a warning, each a link to its customer page. */
function Accounts({ accounts }: { accounts: SignalAccount[] }) {
  return (
    <>
      {accounts.map((account, index) => (
        <span key={account.id}>
          {index > 0 && ", "}
          <a href={customerHref(account.id)}>{account.account}</a>
        </span>
      ))}
    </>
  );
}

function SignalText({ signal }: { signal: FraudSignal }) {
  switch (signal.kind) {
    case "same_receipt":
      return (
        <>
          <Trans>Same receipt image uploaded again:</Trans>{" "}
          {signal.uploads.map((upload, index) => (
            <span key={upload.uploadId}>
              {index > 0 && "; "}
              <Accounts accounts={[upload.customer]} />{" "}
              {upload.rechargeId === null ? (
                <Trans>(upload #{upload.uploadId}, no recharge)</Trans>
              ) : (
                <Trans>
                  (upload #{upload.uploadId}, recharge #{upload.rechargeId})
                </Trans>
              )}
            </span>
          ))}
        </>
      );
    case "shared_device":
      return (
        <>
          <Plural value={signal.total} one="Device shared with # other account:" other="Device shared with # other accounts:" />{" "}
          <Accounts accounts={signal.accounts} />
        </>
      );
    case "shared_address":
      return (
        <>
          <Trans>Address {signal.ip}</Trans>{" "}
          <Plural value={signal.total} one="shared with # other account:" other="shared with # other accounts:" />{" "}
          <Accounts accounts={signal.accounts} />
        </>
      );
    case "withdraw_without_trading":
      return (
        <Trans>
          Withdrawal without trading: {money(signal.traded)} staked since recharge #{signal.rechargeId} of {money(signal.recharged)}
        </Trans>
      );
  }
}

/**
 * The warnings about a review row or a customer: what the server saw, for the operator to weigh. None of them
 * blocks a decision; the buttons stay as they are.
 */
export function FraudSignals({ signals }: { signals: readonly FraudSignal[] }) {
  const { t } = useLingui();
  if (signals.length === 0) return null;
  return (
    <ul className="signals" aria-label={t`Warnings`}>
      {signals.map((signal, index) => (
        <li key={`${signal.kind}-${index}`} className="signal" data-kind={signal.kind}>
          <SignalText signal={signal} />
        </li>
      ))}
    </ul>
  );
}
