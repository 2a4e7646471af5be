import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { type FormEvent, lazy, Suspense, useState } from "react";

import { formatDateTime, formatDateTimeInText, useAmountFormat, usePercentFormat } from "@/i18n/format";
import { Empty } from "@/ui/Empty";
import { FundPasswordField } from "@/ui/FundPasswordField";
import { Money } from "@/ui/Money";
import { NavBar } from "@/ui/NavBar";
import { OfflineBanner } from "@/ui/OfflineBanner";
import { Sheet } from "@/ui/Sheet";
import { useOnline } from "@/ui/use-online";
import { type SubmitEffects, useSubmit } from "@/ui/use-submit";
import type { Subscription, YuebaoInfo } from "#contract/finance";
import { DAILY_RATE_PERCENT } from "#contract/finance";
import { parseAmount } from "#contract/money";

import { appendAmount, keepPlan, stopPlan } from "./api";

const ProfitChart = lazy(() => import("./ProfitChart"));

type Action = { kind: "append" | "keep" | "stop"; subscription: Subscription };

function StatusText({ status }: { status: Subscription["status"] }) {
  const { t } = useLingui();
  const label = { earning: t`Earning`, settled: t`Settled`, to_be_added: t`To be added` }[status];
  return (
    <span
      className={`chip-status chip-${status === "earning" ? "success" : status === "settled" ? "review" : "failed"}`}
      data-status={status}
    >
      {label}
    </span>
  );
}

/** My subscriptions: the summary, each plan's figures and profit chart, and append / keep / stop with confirmation. */
export function FinancePage({ info, offlineSince }: { info: YuebaoInfo; offlineSince?: number }) {
  const { t } = useLingui();
  const percent = usePercentFormat();
  const online = useOnline();
  const [action, setAction] = useState<Action | null>(null);
  const [amount, setAmount] = useState("");
  const [payPassword, setPayPassword] = useState("");
  // the server's refusal, shown inside the sheet as well: the toast alone is easy to miss over an open sheet
  const [refusal, setRefusal] = useState<string | null>(null);
  const { submit: send, busy } = useSubmit();
  const appendCents = parseAmount(amount);
  const amountText = useAmountFormat();

  function open(next: Action) {
    setAction(next);
    setRefusal(null);
  }

  function close() {
    setAction(null);
    setPayPassword("");
    setRefusal(null);
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!action) return;
    setRefusal(null);
    const id = action.subscription.id;
    const effects: SubmitEffects<YuebaoInfo> = {
      onSuccess: () => {
        close();
        setAmount("");
      },
      onRefusal: (answer) => setRefusal(answer.msg),
      reload: true,
    };
    if (action.kind === "append") await send({ id, amount, payPassword }, appendAmount, effects);
    else if (action.kind === "stop") await send({ id, payPassword }, stopPlan, effects);
    else await send({ id }, keepPlan, effects);
  }

  const titles = { append: t`Append an amount`, keep: t`Renew at maturity`, stop: t`Stop and settle now` };
  return (
    <main className="page">
      <NavBar title={t`Financing`} />
      {offlineSince !== undefined && <OfflineBanner since={offlineSince} />}
      <section className="balances" aria-label={t`Summary`} data-testid="finance-summary">
        {[
          [t`Yesterday's profit`, info.yesterdayProfit],
          [t`Yesterday's balance`, info.yesterdayBalance],
          [t`Total profit`, info.totalProfit],
          [t`Total balance`, info.totalBalance],
        ].map(([label, value]) => (
          <div key={label} className="balance">
            <span className="balance-label">{label}</span>
            <span className="balance-amount" data-label={label}>
              <Money value={value!} />
            </span>
          </div>
        ))}
      </section>
      {info.subscriptions.length === 0 ? (
        <Empty
          title={t`No subscriptions yet`}
          action={
            <Link to="/pages/project/project" className="button button-primary">
              <Trans>See the plans</Trans>
            </Link>
          }
        />
      ) : (
        <ul className="record-list" data-testid="subscriptions">
          {info.subscriptions.map((s) => (
            <li key={s.id} className="record" data-subscription={s.id}>
              <span className="record-line">
                <strong>{s.title}</strong>
                <StatusText status={s.status} />
              </span>
              <span className="record-sub">
                {t`Principal ${amountText(s.principal)} U`} · {t`Profit ${amountText(s.profit)} U`} ·{" "}
                {t`${percent(s.dailyRate, DAILY_RATE_PERCENT)} a day`}
              </span>
              {s.startTime !== null && s.endTime !== null && (
                <span className="record-sub">
                  {formatDateTime(s.startTime)} → {formatDateTime(s.endTime)}
                  {s.renew ? ` · ${t`Renews at maturity`}` : ""}
                </span>
              )}
              {s.status === "settled" && s.settledTime !== null && (
                <span className="record-sub" data-testid="settled-time">
                  {t`Settled at ${formatDateTimeInText(s.settledTime)}`}
                </span>
              )}
              {s.status === "to_be_added" && (
                <span className="record-sub" data-testid="reserved-note">
                  {t`Reserved: earns nothing until topped up to ${amountText(s.minAmount)} U. No profit is expected before then.`}
                </span>
              )}
              {s.profitByDay.length > 0 && (
                <Suspense fallback={<div className="chart-placeholder" />}>
                  <ProfitChart points={s.profitByDay} />
                </Suspense>
              )}
              {s.status !== "settled" && (
                <span className="plan-actions">
                  <button type="button" className="chip" disabled={!online} onClick={() => open({ kind: "append", subscription: s })}>
                    {t`Append`}
                  </button>
                  {s.status === "earning" && !s.renew && (
                    <button type="button" className="chip" disabled={!online} onClick={() => open({ kind: "keep", subscription: s })}>
                      {t`Keep`}
                    </button>
                  )}
                  <button type="button" className="chip" disabled={!online} onClick={() => open({ kind: "stop", subscription: s })}>
                    {t`Stop`}
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {action && (
        <Sheet title={titles[action.kind]} onClose={close}>
          <form className="ticket" onSubmit={confirm} noValidate data-testid="confirm-sheet">
            <dl className="ticket-figures">
              <dt>{t`Investment plan`}</dt>
              <dd data-testid="confirm-destination">{action.subscription.title}</dd>
              {action.kind === "stop" && (
                <>
                  <dt>{t`Principal`}</dt>
                  <dd>{amountText(action.subscription.principal)} U</dd>
                  <dt>{t`Profit`}</dt>
                  <dd>{amountText(action.subscription.profit)} U</dd>
                </>
              )}
            </dl>
            {action.kind === "append" && (
              <>
                <label className="field-label" htmlFor="append-amount">
                  {t`Amount`}
                </label>
                <input
                  id="append-amount"
                  className="field-input"
                  inputMode="decimal"
                  value={amount}
                  onChange={(e) => {
                    setAmount(e.target.value);
                    setRefusal(null);
                  }}
                  aria-invalid={refusal !== null}
                  aria-describedby="finance-error"
                />
                <dl className="ticket-figures">
                  <dt>{t`Fee`}</dt>
                  <dd data-testid="confirm-fee">{amountText(0)} U</dd>
                  <dt>{t`Into the plan`}</dt>
                  <dd data-testid="confirm-net">{appendCents === null ? "—" : `${amountText(appendCents / 100)} U`}</dd>
                </dl>
                <p className="ticket-rule">{t`Money added to a running plan starts earning from its next full day.`}</p>
              </>
            )}
            {action.kind === "keep" && <p>{t`At maturity the profit goes to your cash and the principal starts a new term.`}</p>}
            {action.kind === "stop" && (
              <p>
                {t`The principal ${amountText(action.subscription.principal)} U and the profit ${amountText(action.subscription.profit)} U go back to your cash now.`}
              </p>
            )}
            {/* money moves on append and stop: both are confirmed with the fund password, as joining is */}
            {action.kind !== "keep" && (
              <FundPasswordField
                value={payPassword}
                onChange={(value) => {
                  setPayPassword(value);
                  setRefusal(null);
                }}
              />
            )}
            <p id="finance-error" className="field-error" role="alert" data-testid="sheet-error">
              {refusal ?? ""}
            </p>
            <button type="submit" className="button button-primary" disabled={busy || !online}>
              {t`Confirm`}
            </button>
          </form>
        </Sheet>
      )}
    </main>
  );
}
