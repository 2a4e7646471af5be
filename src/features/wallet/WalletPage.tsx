import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { type FormEvent, lazy, Suspense, useState } from "react";

import { formatDateTime, useAmountFormat } from "@/i18n/format";
import { CoinAmount } from "@/ui/CoinAmount";
import { ConfirmSheet } from "@/ui/ConfirmSheet";
import { Field } from "@/ui/Field";
import { Money } from "@/ui/Money";
import { NavBar } from "@/ui/NavBar";
import { OfflineBanner } from "@/ui/OfflineBanner";
import { showToast } from "@/ui/toast";
import { useOnline } from "@/ui/use-online";
import { useSubmit } from "@/ui/use-submit";
import { formatDecimal } from "#contract/decimal-format";
import { exchangeAmounts, parseAmount } from "#contract/money";
import type { ExchangeRecord, Wallet } from "#contract/wallet";

import { exchangeMoney } from "./api";
import { assetSplit } from "./asset-split";

const AssetChart = lazy(() => import("./AssetChart"));

/** What the user gets for an amount, at the shown rate, rounded down as the server does. */
export function exchangePreview(from: "cash" | "coin", amount: string, coinRate: string): string | null {
  const cents = parseAmount(amount);
  const rate = Math.round(Number(coinRate) * 10000);
  if (cents === null || cents <= 0 || rate <= 0) return null;
  const received = exchangeAmounts(from, cents, rate)[from === "cash" ? "coin" : "cash"];
  // not centsToDecimal: a preview of an absurd amount is shown, not thrown, when it leaves the safe integers
  return (received / 100).toFixed(2);
}

/** Whether the amount is more than the wallet holds on the side exchanged from (the server would refuse it). */
export function exceedsHolding(from: "cash" | "coin", amount: string, wallet: Pick<Wallet, "cash" | "coin">): boolean {
  const cents = parseAmount(amount);
  const held = parseAmount(from === "cash" ? wallet.cash : wallet.coin);
  return cents !== null && held !== null && cents > held;
}

export function WalletPage({ wallet, records, offlineSince }: { wallet: Wallet; records: ExchangeRecord[]; offlineSince?: number }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const [from, setFrom] = useState<"cash" | "coin">("cash");
  const [amount, setAmount] = useState("");
  const [confirming, setConfirming] = useState(false);
  const { submit: send, busy } = useSubmit();
  const amountText = useAmountFormat();
  const previewValue = exchangePreview(from, amount, wallet.coinRate);
  // more than the side exchanged from holds: say so, instead of promising what cannot be received
  const short = exceedsHolding(from, amount, wallet);
  const preview = previewValue === null || short ? null : amountText(previewValue);
  const unit = (side: "cash" | "coin") => (side === "cash" ? "U" : t`coin`);
  const { totalCents } = assetSplit(wallet);

  function review(event: FormEvent) {
    event.preventDefault();
    if (short) return showToast(from === "cash" ? t`You do not have that much cash.` : t`You do not have that many coins.`);
    if (preview === null) return showToast(t`Enter an amount`);
    setConfirming(true);
  }

  // the fund password is asked in the confirmation sheet, beside the figures it confirms
  async function confirm(payPassword: string) {
    await send({ from, amount, payPassword }, exchangeMoney, {
      onSuccess: () => {
        setConfirming(false);
        setAmount("");
      },
      reload: true,
    });
  }

  // the API names the coin variety by its code; the platform's one coin is shown by its name in the customer's language
  const coinVariety = (code: string) => (code === "COIN" ? t`Coin` : code);
  return (
    <main className="page">
      <NavBar
        title={t`Wallet`}
        action={
          <Link to="/pages/user/funds" className="navbar-link">
            {t`Funds records`}
          </Link>
        }
      />
      {offlineSince !== undefined && <OfflineBanner since={offlineSince} />}
      <section className="balances" aria-label={t`Balances`} data-testid="wallet-balances">
        <div className="balance balance-total">
          <span className="balance-label">{t`Total assets`}</span>
          <span className="balance-amount" data-label={t`Total assets`} data-testid="wallet-total">
            <Money value={totalCents / 100} />
          </span>
        </div>
        {(
          [
            [t`Cash`, <Money key="cash" value={wallet.cash} />],
            [t`Coin`, <CoinAmount key="coin" coin={wallet.coin} coinRate={wallet.coinRate} />],
            [t`Frozen`, <Money key="frozen" value={wallet.frozen} />],
            [t`Yuebao`, <Money key="yuebao" value={wallet.yuebao} />],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="balance">
            <span className="balance-label">{label}</span>
            <span className="balance-amount" data-label={label}>
              {value}
            </span>
          </div>
        ))}
      </section>
      <Suspense fallback={<div className="chart-placeholder" />}>
        <AssetChart wallet={wallet} />
      </Suspense>
      <div className="quick-links">
        <Link to="/pages/user/recharge" className="button button-primary">
          <Trans>Recharge</Trans>
        </Link>
        <Link to="/pages/user/cash" className="button">
          <Trans>Withdraw</Trans>
        </Link>
      </div>
      <h2 className="section-title">{t`Exchange`}</h2>
      <form className="form" onSubmit={review} noValidate>
        <div className="segmented" role="radiogroup" aria-label={t`Exchange direction`}>
          <button type="button" role="radio" aria-checked={from === "cash"} className="seg" onClick={() => setFrom("cash")}>
            {t`Cash → coin`}
          </button>
          <button type="button" role="radio" aria-checked={from === "coin"} className="seg" onClick={() => setFrom("coin")}>
            {t`Coin → cash`}
          </button>
        </div>
        <p className="field-hint">{t`Rate: 1 coin = ${formatDecimal(wallet.coinRate, i18n.locale)} U`}</p>
        <Field
          label={from === "cash" ? t`Cash amount` : t`Coin amount`}
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          name="amount"
        />
        <p
          className={preview === null ? "preview preview-hint" : "preview"}
          data-testid="exchange-preview"
          data-short={short ? "yes" : "no"}
          aria-live="polite"
        >
          {short
            ? from === "cash"
              ? t`You do not have that much cash.`
              : t`You do not have that many coins.`
            : preview === null
              ? t`Enter an amount to see what you get.`
              : from === "cash"
                ? t`You get ${preview} coin`
                : t`You get ${preview} U`}
        </p>
        {!online && <p className="ticket-blocked">{t`You are offline. Money actions need a connection and are never queued.`}</p>}
        <button type="submit" className="button button-primary" disabled={busy || !online}>
          {t`Exchange`}
        </button>
      </form>
      {confirming && preview !== null && (
        <ConfirmSheet
          title={t`Confirm the exchange`}
          rows={[
            { label: t`Amount`, amount: parseAmount(amount)! / 100, unit: unit(from), testId: "confirm-amount" },
            { label: t`Fee`, amount: 0, unit: unit(from), testId: "confirm-fee" },
            { label: t`You receive`, amount: previewValue!, unit: unit(from === "cash" ? "coin" : "cash"), testId: "confirm-net" },
            { label: t`Exchange direction`, value: from === "cash" ? t`Cash → coin` : t`Coin → cash`, testId: "confirm-destination" },
          ]}
          busy={busy}
          online={online}
          onConfirm={confirm}
          onClose={() => setConfirming(false)}
        />
      )}
      <h2 className="section-title">{t`Exchange records`}</h2>
      {records.length === 0 ? (
        <p className="empty-text">{t`No exchanges yet.`}</p>
      ) : (
        <ul className="record-list" data-testid="exchange-records">
          {records.map((record) => (
            <li key={record.id} className="record">
              <span>{record.type === "cash_to_coin" ? t`Cash → coin` : t`Coin → cash`}</span>
              <span className="record-sub">
                {formatDateTime(record.time)} · {coinVariety(record.coin)} · {t`Cash ${amountText(record.cashAmount)}`} ·{" "}
                {t`Coin ${amountText(record.coinAmount)}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
