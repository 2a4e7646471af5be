import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";

import { currentUser } from "@/api/session";
import { errorText } from "@/i18n/catalogue";
import { formatDateTimeInText, useAmountFormat, usePercentFormat } from "@/i18n/format";
import { CARD_TYPE_NAMES } from "@/ui/card-types";
import { CodeField, codeRefusal } from "@/ui/CodeField";
import { ConfirmSheet } from "@/ui/ConfirmSheet";
import { Field } from "@/ui/Field";
import { NavBar } from "@/ui/NavBar";
import { NeedsConnection } from "@/ui/NeedsConnection";
import { NoCard } from "@/ui/NoCard";
import { OfflineBanner } from "@/ui/OfflineBanner";
import { showToast } from "@/ui/toast";
import { useServerNow } from "@/ui/use-now";
import { useOnline } from "@/ui/use-online";
import { useSubmit } from "@/ui/use-submit";
import { maskMiddle } from "#contract/format";
import { applyRate, parseAmount, rateToBps } from "#contract/money";
import { withdrawWindow } from "#contract/withdraw-window";
import type { WithdrawalInfo } from "#contract/withdrawal";

import { requestWithdrawal } from "./api";
import { withdrawFormRefusal } from "./form-check";

/**
 * Withdraw: the rules first, the fee and the amount received as the user types, the card; then a confirmation
 * sheet with amount, fee, what arrives and where, which takes the fund password.
 */
export function WithdrawalPage({ info, offlineSince }: { info: WithdrawalInfo; offlineSince?: number }) {
  const { t, i18n } = useLingui();
  const percent = usePercentFormat();
  const online = useOnline();
  const [amount, setAmount] = useState("");
  const [cardId, setCardId] = useState(info.cards[0]?.id ?? 0);
  const [confirming, setConfirming] = useState(false);
  // with two-step sign-in on, the authenticator's current code goes with the fund password
  const [askCode, setAskCode] = useState(() => currentUser()?.twoStep === true);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);

  // a refusal the rules above already decide, said under the form instead of after the fund password
  const [refusal, setRefusal] = useState<string | null>(null);
  const { submit: send, busy } = useSubmit();
  const cents = parseAmount(amount);
  const fee = cents === null ? null : applyRate(cents, rateToBps(info.rules.feeRate) ?? 0);
  const { rules } = info;
  const amountText = useAmountFormat();
  // a minute's resolution is enough to turn "closed" into "open" while the page stays on screen
  const now = useServerNow(30_000);
  const hours = withdrawWindow(rules.window, rules.timezone, now);
  const [opening, closing] = rules.window.split("-");
  const zone = rules.timezone;

  const card = info.cards.find((c) => c.id === cardId);

  function review(event: FormEvent) {
    event.preventDefault();
    if (cents === null || cents <= 0) return showToast(t`Enter an amount`);
    const refused = withdrawFormRefusal(cents, rules, hours, parseAmount(info.balance), amountText);
    setRefusal(refused ? errorText(refused.key, refused.values) : null);
    if (!refused) setConfirming(true);
  }

  async function confirm(payPassword: string) {
    const withCode = askCode ? { code: code.trim() } : {};
    await send({ amount, cardId, payPassword, ...withCode }, requestWithdrawal, {
      onSuccess: () => setConfirming(false),
      // two-step sign-in turned on elsewhere since the account was read: the sheet asks for the code now
      onRefusal: (refused) => {
        if (refused.err === "totp_required") setAskCode(true);
        setCodeError(askCode ? codeRefusal(refused) : null);
      },
      navigate: { to: "/pages/user/cashrecord" },
    });
  }

  return (
    <main className="page">
      <NavBar title={t`Withdraw`} action={<Link to="/pages/user/cashrecord" className="navbar-link">{t`Records`}</Link>} />
      {offlineSince !== undefined && <OfflineBanner since={offlineSince} />}
      <section className="rules" aria-label={t`Withdrawal rules`} data-testid="withdraw-rules">
        <p>{t`Amount from ${amountText(rules.min)} to ${amountText(rules.max)} U`}</p>
        <p>{t`Fee ${percent(rules.feeRate, { decimals: 1 })}`}</p>
        <p>{t`Hours ${rules.window} (${rules.timezone})`}</p>
        {hours && (
          <p data-testid="withdraw-window" data-open={hours.open}>
            {hours.open
              ? t`Open now, until ${formatDateTimeInText(hours.closesAt!)} your time (${closing} ${zone})`
              : t`Closed now, opens ${formatDateTimeInText(hours.opensAt!)} your time (${opening} ${zone})`}
          </p>
        )}
        <p>{t`Withdrawals today: ${rules.usedToday} of ${rules.dailyCount} used`}</p>
        <p>{t`Cash available: ${amountText(info.balance)} U`}</p>
        {rules.realNameRequired && (
          <p data-testid="withdraw-real-name">
            {t`Your first withdrawal needs a passed real-name verification.`} <Link to="/pages/user/auth">{t`Verify your identity`}</Link>
          </p>
        )}
      </section>
      {info.cards.length === 0 ? (
        <NoCard />
      ) : (
        <form className="form" onSubmit={review} noValidate>
          <fieldset className="options">
            <legend>{t`Withdraw to`}</legend>
            {info.cards.map((card) => (
              <button key={card.id} type="button" className="chip" aria-pressed={card.id === cardId} onClick={() => setCardId(card.id)}>
                {card.bankName} {card.number} · {i18n._(CARD_TYPE_NAMES[card.type])}
              </button>
            ))}
          </fieldset>
          <Field
            label={t`Amount`}
            inputMode="decimal"
            name="amount"
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              setRefusal(null);
            }}
          />
          <dl className="ticket-figures">
            <dt>{t`Fee`}</dt>
            <dd data-testid="withdraw-fee">{fee === null ? "—" : amountText(fee / 100)}</dd>
            <dt>{t`You receive`}</dt>
            <dd data-testid="withdraw-actual">{fee === null || cents === null ? "—" : amountText((cents - fee) / 100)}</dd>
          </dl>
          {refusal && (
            <p className="ticket-blocked" role="alert" data-testid="withdraw-refusal">
              {refusal}
            </p>
          )}
          {!online && <NeedsConnection />}
          <button type="submit" className="button button-primary" disabled={busy || !online}>
            {t`Submit`}
          </button>
        </form>
      )}
      {confirming && cents !== null && fee !== null && card && (
        <ConfirmSheet
          title={t`Confirm the withdrawal`}
          rows={[
            { label: t`Amount`, amount: cents / 100, testId: "confirm-amount" },
            { label: t`Fee`, amount: fee / 100, testId: "confirm-fee" },
            { label: t`You receive`, amount: (cents - fee) / 100, testId: "confirm-net" },
            {
              label: t`Withdraw to`,
              value: `${card.bankName} ${maskMiddle(card.number)} · ${i18n._(CARD_TYPE_NAMES[card.type])}`,
              testId: "confirm-destination",
            },
          ]}
          busy={busy}
          online={online}
          onConfirm={confirm}
          onClose={() => setConfirming(false)}
        >
          {askCode && <CodeField value={code} onChange={setCode} error={codeError} />}
        </ConfirmSheet>
      )}
    </main>
  );
}
