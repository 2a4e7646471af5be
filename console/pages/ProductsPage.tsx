import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";

import { localText } from "#contract/localized-texts";
import type { ProductSettings as Product } from "#contract/ops-answers";

import { api, call } from "../api";
import { DataTable } from "../DataTable";
import { formFields } from "../form-fields";
import { FormRow } from "../FormRow";
import { FormStatus } from "../FormStatus";
import { storedLanguage } from "../i18n";
import { useMay } from "../operator-context";
import { amount, amountRange, percent } from "../product-figures";
import { TranslationRows } from "../TranslationRows";
import { useLoad } from "../use-load";
import { useSubmit } from "../use-submit";

interface OptionRow {
  seconds: string;
  payoutRate: string;
  min: string;
  max: string;
}

const parseOption = (text: string): OptionRow => {
  const [seconds = "", payoutRate = "", min = "", max = ""] = text.split(":");
  return { seconds, payoutRate, min, max };
};

/** contract/schemas/localized-texts.ts NAME_MAX */
const NAME_MAX = 60;

/**
 * Products: open or close trading, settlement options (seconds and payout), limits and fee, and the requote
 * tolerance and quote age that decide when an order is refused. Nothing here touches a price or an outcome.
 * Finance reads; admin changes.
 */
export function ProductsPage() {
  const may = useMay();
  const [editing, setEditing] = useState<number | null>(null);
  const { data, error, reload } = useLoad(() => call(api.listProducts));
  // every product write is admin's (contract/ops-paths.ts): one of them stands for all
  const editable = may(api.setProductTrading);
  const product = data?.find((p) => p.id === editing) ?? null;
  const editToggle = (id: number) => (
    <button type="button" onClick={() => setEditing(id === editing ? null : id)}>
      {id === editing ? <Trans>Close editor</Trans> : <Trans>Edit</Trans>}
    </button>
  );
  return (
    <section>
      <h1>
        <Trans>Products</Trans>
      </h1>
      {error && <p className="error">{error}</p>}
      {product && editable && <ProductEditor key={product.id} product={product} onChanged={reload} />}
      <DataTable
        className="products"
        rows={data}
        rowKey={(row) => row.id}
        testId={(row) => `product-${row.code}`}
        rowClass={(row) => (row.id === editing ? "selected" : undefined)}
        columns={[
          {
            head: <Trans>Product</Trans>,
            cell: (row) => (
              <>
                <strong>{row.code}</strong> {localText(row.name, row.nameTexts, storedLanguage())}
                <br />
                <small>{row.market}</small>
              </>
            ),
          },
          { head: <Trans>Trading</Trans>, cell: (row) => (row.tradingEnabled ? <Trans>Open</Trans> : <Trans>Closed</Trans>) },
          {
            head: <Trans>Settlement options</Trans>,
            cell: (row) =>
              row.options.map(parseOption).map((o) => (
                <div key={o.seconds} className="nowrap">
                  {o.seconds} s · {percent(o.payoutRate)} · {amountRange(o.min, o.max)}
                </div>
              )),
          },
          { head: <Trans>Fee</Trans>, cell: (row) => percent(row.feeRate) },
          {
            head: <Trans>Per order · all open orders</Trans>,
            cellClass: () => "amount nowrap",
            cell: (row) => (
              <>
                {amountRange(row.singleMin, row.singleMax)} · {amount(row.totalMax)}
              </>
            ),
          },
          { head: <Trans>Requote tolerance</Trans>, cell: (row) => `${row.requoteToleranceBps} bp` },
          { head: <Trans>Max quote age</Trans>, cell: (row) => `${row.maxQuoteAgeSeconds} s` },
          ...(editable ? [{ cell: (row: Product) => editToggle(row.id) }] : []),
        ]}
      />
    </section>
  );
}

function ProductEditor({ product, onChanged }: { product: Product; onChanged: () => void }) {
  const { t } = useLingui();
  const trading = useSubmit();
  const limits = useSubmit();
  const options = useSubmit();
  const quoting = useSubmit();
  const names = useSubmit();
  const [rows, setRows] = useState<OptionRow[]>(() => product.options.map(parseOption));
  const pid = String(product.id);
  const fieldsOf = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    return formFields(event.currentTarget);
  };
  const after = (ok: boolean) => ok && onChanged();
  const setRow = (index: number, change: Partial<OptionRow>) => setRows(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <article className="editor" aria-label={t`Edit ${product.code}`}>
      <h2>
        {product.code} {product.name}
      </h2>
      <div className="panel">
        <h3>
          <Trans>Trading</Trans>
        </h3>
        <p>{product.tradingEnabled ? t`Open: customers can place orders.` : t`Closed: the product shows as closed and takes no orders.`}</p>
        <button
          type="button"
          disabled={trading.busy}
          className={product.tradingEnabled ? "reject" : "approve"}
          onClick={() =>
            void trading
              .submit(() => call(api.setProductTrading, { pid, enabled: product.tradingEnabled ? "0" : "1" }), t`Saved`)
              .then(after)
          }
        >
          {product.tradingEnabled ? t`Close trading` : t`Open trading`}
        </button>
        <FormStatus error={trading.error} notice={trading.notice} />
      </div>
      <form
        className="panel"
        aria-label={t`Display name`}
        onSubmit={(event) => {
          const fields = fieldsOf(event);
          void names.submit(() => call(api.setProductNames, { pid, ...fields }), t`Saved`).then(after);
        }}
      >
        <h3>
          <Trans>Display name</Trans>
        </h3>
        <FormRow label={t`Name (English)`} name="name" defaultValue={product.name} required maxLength={NAME_MAX} />
        <TranslationRows field="name" label={t`Name`} english={product.name} texts={product.nameTexts} maxLength={NAME_MAX} />
        <button type="submit" disabled={names.busy}>
          <Trans>Save names</Trans>
        </button>
        <FormStatus error={names.error} notice={names.notice} />
      </form>
      <form
        className="panel"
        onSubmit={(event) => {
          const fields = fieldsOf(event);
          void limits.submit(() => call(api.setProductLimits, { pid, ...fields }), t`Saved`).then(after);
        }}
      >
        <h3>
          <Trans>Fee and limits</Trans>
        </h3>
        <label>
          <Trans>Fee rate (0.01 = 1 %)</Trans>
          <input name="feeRate" defaultValue={product.feeRate} inputMode="decimal" required />
        </label>
        <label>
          <Trans>Smallest order</Trans>
          <input name="singleMin" defaultValue={product.singleMin} inputMode="decimal" required />
        </label>
        <label>
          <Trans>Largest order</Trans>
          <input name="singleMax" defaultValue={product.singleMax} inputMode="decimal" required />
        </label>
        <label>
          <Trans>All open orders of a customer, at most</Trans>
          <input name="totalMax" defaultValue={product.totalMax} inputMode="decimal" required />
        </label>
        <button type="submit" disabled={limits.busy}>
          <Trans>Save fee and limits</Trans>
        </button>
        <FormStatus error={limits.error} notice={limits.notice} />
      </form>
      <form
        className="panel"
        onSubmit={(event) => {
          event.preventDefault();
          const text = rows.map((row) => [row.seconds, row.payoutRate, row.min, row.max].map((v) => v.trim()).join(":")).join(",");
          void options.submit(() => call(api.setProductOptions, { pid, options: text }), t`Saved`).then(after);
        }}
      >
        <h3>
          <Trans>Settlement options</Trans>
        </h3>
        <p className="hint">
          <Trans>A winning order earns its stake times the payout rate; the rate must exceed the fee. Open orders keep their terms.</Trans>
        </p>
        <table>
          <thead>
            <tr>
              <th>
                <Trans>Seconds</Trans>
              </th>
              <th>
                <Trans>Payout rate</Trans>
              </th>
              <th>
                <Trans>Smallest</Trans>
              </th>
              <th>
                <Trans>Largest</Trans>
              </th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                <td>
                  <input
                    aria-label={t`Seconds, option ${index + 1}`}
                    value={row.seconds}
                    inputMode="numeric"
                    onChange={(e) => setRow(index, { seconds: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    aria-label={t`Payout rate, option ${index + 1}`}
                    value={row.payoutRate}
                    inputMode="decimal"
                    onChange={(e) => setRow(index, { payoutRate: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    aria-label={t`Smallest, option ${index + 1}`}
                    value={row.min}
                    inputMode="decimal"
                    onChange={(e) => setRow(index, { min: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    aria-label={t`Largest, option ${index + 1}`}
                    value={row.max}
                    inputMode="decimal"
                    onChange={(e) => setRow(index, { max: e.target.value })}
                  />
                </td>
                <td>
                  <button type="button" disabled={rows.length === 1} onClick={() => setRows(rows.filter((_, i) => i !== index))}>
                    <Trans>Remove</Trans>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <button
          type="button"
          disabled={rows.length >= 10}
          onClick={() => setRows([...rows, { seconds: "", payoutRate: "", min: product.singleMin, max: product.singleMax }])}
        >
          <Trans>Add option</Trans>
        </button>{" "}
        <button type="submit" disabled={options.busy}>
          <Trans>Save options</Trans>
        </button>
        <FormStatus error={options.error} notice={options.notice} />
      </form>
      <form
        className="panel"
        onSubmit={(event) => {
          const fields = fieldsOf(event);
          void quoting.submit(() => call(api.setProductQuoting, { pid, ...fields }), t`Saved`).then(after);
        }}
      >
        <h3>
          <Trans>Requotes</Trans>
        </h3>
        <label>
          <Trans>Requote tolerance (basis points, 0–500)</Trans>
          <input name="requoteToleranceBps" defaultValue={product.requoteToleranceBps} inputMode="numeric" required />
        </label>
        <label>
          <Trans>Max quote age (seconds, 1–30)</Trans>
          <input name="maxQuoteAgeSeconds" defaultValue={product.maxQuoteAgeSeconds} inputMode="numeric" required />
        </label>
        <button type="submit" disabled={quoting.busy}>
          <Trans>Save requote settings</Trans>
        </button>
        <FormStatus error={quoting.error} notice={quoting.notice} />
      </form>
    </article>
  );
}
