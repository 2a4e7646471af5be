import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";

import { AccountSwitch, PracticeBadge } from "@/ui/AccountSwitch";
import { ConfirmSheet } from "@/ui/ConfirmSheet";
import { Money } from "@/ui/Money";
import { useTradeAccount } from "@/ui/trade-account";
import { useOnline } from "@/ui/use-online";
import { useSubmit } from "@/ui/use-submit";
import type { UserInfo } from "#contract/accounts";
import { centsToDecimal } from "#contract/format";
import { PRACTICE_BALANCE_CENTS } from "#contract/trading";

import { resetPracticeBalance } from "./practice-api";

const START = centsToDecimal(PRACTICE_BALANCE_CENTS);

/**
 * Mine's Real / Practice part of the balance card: which balance orders stake (the same choice as the trade
 * screen's), the practice balance, and its reset to 10 000.00 after a confirm.
 */
export function PracticeAccount({ user, hidden }: { user: UserInfo; hidden: boolean }) {
  const { t } = useLingui();
  const online = useOnline();
  const { account, choose } = useTradeAccount(user.id, user.recharged);
  const [practice, setPractice] = useState(user.practice ?? START);
  useEffect(() => setPractice(user.practice ?? START), [user.practice]);
  const [confirming, setConfirming] = useState(false);
  const { submit, busy } = useSubmit();

  async function reset() {
    await submit({}, resetPracticeBalance, {
      onSuccess: (data) => {
        setPractice(data.practice);
        setConfirming(false);
      },
    });
  }

  return (
    <div className={`practice-account practice-account-${account}`} data-testid="mine-account">
      <div className="practice-account-row">
        <span className="balance-label">{t`Trade with`}</span>
        <AccountSwitch account={account} onChange={choose} />
      </div>
      <div className="practice-account-row">
        <span className="balance-label">
          {t`Practice balance`} <PracticeBadge testId="mine-practice-badge" />
        </span>
        <span className="balance-amount is-practice" data-testid="mine-practice-balance">
          {hidden ? (
            <>
              <span aria-hidden="true">****</span>
              <span className="visually-hidden">{t`Hidden`}</span>
            </>
          ) : (
            <Money value={practice} />
          )}
        </span>
      </div>
      <button
        type="button"
        className="button button-small practice-reset"
        onClick={() => setConfirming(true)}
        disabled={!online}
        data-testid="practice-reset"
      >
        {t`Reset practice balance`}
      </button>
      {confirming && (
        <ConfirmSheet
          title={t`Reset practice balance`}
          rows={[
            { label: t`Practice balance now`, amount: practice, testId: "confirm-practice-now" },
            { label: t`After the reset`, amount: START, testId: "confirm-practice-after" },
          ]}
          askPassword={false}
          busy={busy}
          online={online}
          onConfirm={() => void reset()}
          onClose={() => setConfirming(false)}
        >
          <p className="ticket-rule">{t`Practice money is play money: it never touches your cash. Open practice orders still settle.`}</p>
        </ConfirmSheet>
      )}
    </div>
  );
}
