import "./reports.css";

import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";

import { usePercentFormat } from "@/i18n/format";
import { Empty } from "@/ui/Empty";
import { SignedMoney } from "@/ui/MarketText";
import { Money } from "@/ui/Money";
import { type Statement, STATEMENT_DAYS } from "#contract/order-reports";

import { fetchStatement } from "./reports-api";

const cents = (text: string) => Math.round(Number(text) * 100);

const CHART_HEIGHT = 120;

/** The net result of each day as a bar above or below the zero line, drawn as SVG (no chart library). */
function DailyChart({ daily }: { daily: Statement["daily"] }) {
  const { t } = useLingui();
  const nets = daily.map((d) => cents(d.net));
  const top = Math.max(0, ...nets);
  const bottom = Math.min(0, ...nets);
  const span = top - bottom || 1;
  const zero = (top / span) * (CHART_HEIGHT - 8) + 4;
  const step = 10;
  return (
    <figure className="statement-chart">
      <svg
        viewBox={`0 0 ${daily.length * step} ${CHART_HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={t`Net result per day`}
        data-testid="statement-chart"
      >
        <line x1="0" x2={daily.length * step} y1={zero} y2={zero} stroke="#33445f" strokeWidth="1" vectorEffect="non-scaling-stroke" />
        {daily.map((day, i) => {
          const net = nets[i]!;
          const height = (Math.abs(net) / span) * (CHART_HEIGHT - 8);
          return (
            <rect
              key={day.day}
              x={i * step + 1.5}
              width={step - 3}
              y={net >= 0 ? zero - height : zero}
              height={Math.max(height, net === 0 ? 0 : 1)}
              className={net >= 0 ? "bar-up" : "bar-down"}
              data-day={day.day}
              data-net={day.net}
            >
              <title>{`${day.day}: ${day.net}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="statement-axis">
        <span>{daily[0]?.day}</span>
        <span>{daily.at(-1)?.day}</span>
      </figcaption>
    </figure>
  );
}

/** The statement: net result, win rate, orders and amounts of the period, net per day, and totals per product. */
export function StatementView() {
  const { t } = useLingui();
  const percent = usePercentFormat();
  const [days, setDays] = useState<number>(7);
  const [statement, setStatement] = useState<Statement | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setFailed(false);
    void fetchStatement(days).then((answer) => {
      if (!current) return;
      if (answer.code === 1) setStatement(answer.data);
      else setFailed(true);
    });
    return () => {
      current = false;
    };
  }, [days, attempt]);

  const periods = (
    <div className="tabs" role="group" aria-label={t`Period`}>
      {STATEMENT_DAYS.map((n) => (
        <button key={n} type="button" className="tab-chip" aria-pressed={n === days} onClick={() => setDays(n)}>
          {t`${plural(n, { one: "# day", other: "# days" })}`}
        </button>
      ))}
    </div>
  );
  if (failed) {
    const retry = (
      <button type="button" className="button button-primary" onClick={() => setAttempt((n) => n + 1)}>
        {t`Try again`}
      </button>
    );
    return <Empty title={t`The statement could not be loaded`} text={t`Check your connection and try again.`} action={retry} />;
  }
  if (!statement || statement.days !== days) return <>{periods}</>;
  const { totals } = statement;
  return (
    <section className="statement" aria-label={t`Statement`} data-days={statement.days}>
      {periods}
      <dl className="statement-totals">
        <div>
          <dt>{t`Net result`}</dt>
          <dd data-testid="statement-net">
            <SignedMoney cents={cents(totals.net)} />
          </dd>
        </div>
        <div>
          <dt>{t`Win rate`}</dt>
          <dd data-testid="statement-win-rate">{percent(Number(statement.winRate) / 100, { decimals: 1, minDecimals: 1 })}</dd>
        </div>
        <div>
          <dt>{t`Settled orders`}</dt>
          <dd data-testid="statement-orders">{totals.orders}</dd>
        </div>
        <div>
          <dt>{t`Won · lost · tied`}</dt>
          <dd data-testid="statement-results">
            {totals.wins} · {totals.losses} · {totals.ties}
          </dd>
        </div>
        <div>
          <dt>{t`Staked`}</dt>
          <dd data-testid="statement-stake">
            <Money value={totals.stake} />
          </dd>
        </div>
        <div>
          <dt>{t`Fees`}</dt>
          <dd data-testid="statement-fee">
            <Money value={totals.fee} />
          </dd>
        </div>
      </dl>
      <h2 className="section-title">{t`Net result per day`}</h2>
      <DailyChart daily={statement.daily} />
      <h2 className="section-title">{t`By product`}</h2>
      {statement.products.length === 0 ? (
        <p className="record-sub">{t`No orders settled in this period.`}</p>
      ) : (
        <ul className="order-list" data-testid="statement-products">
          {statement.products.map((product) => (
            <li key={product.pid} className="order-row" data-code={product.code}>
              <span className="order-main">
                <strong>{product.name}</strong>
              </span>
              <span className="order-sub">
                {t`${plural(product.orders, { one: "# order", other: "# orders" })}`} · {t`Staked`} <Money value={product.stake} />
              </span>
              <SignedMoney cents={cents(product.net)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
