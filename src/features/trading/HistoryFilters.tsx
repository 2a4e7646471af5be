import "@/ui/filter-fields.css";
import "./reports.css";

import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";

import type { OrderHistoryFilter } from "#contract/order-reports";

import { fetchProductNames, localMidnight } from "./reports-api";

/** The history's filters as the form holds them: empty strings for "any". */
export interface HistoryFilterForm {
  pid: string;
  result: "" | "win" | "loss" | "tie";
  from: string;
  to: string;
}

export const NO_FILTER: HistoryFilterForm = { pid: "", result: "", from: "", to: "" };

/** What the server is asked for: the product, the result, and settlement from the first day's midnight to the last day's end. */
export function toRequest(form: HistoryFilterForm): OrderHistoryFilter {
  const since = form.from ? localMidnight(form.from) : undefined;
  const until = form.to ? localMidnight(form.to, true) : undefined;
  return {
    ...(form.pid ? { pid: Number(form.pid) } : {}),
    ...(form.result ? { result: form.result } : {}),
    ...(since !== undefined ? { since } : {}),
    // a last day before the first matches nothing rather than being refused
    ...(until !== undefined ? { until: since !== undefined ? Math.max(until, since + 1) : until } : {}),
  };
}

/** Product, result and date range of the settled orders; the server does the narrowing. */
export function HistoryFilters({ value, onChange }: { value: HistoryFilterForm; onChange: (next: HistoryFilterForm) => void }) {
  const { t } = useLingui();
  const [products, setProducts] = useState<Array<{ id: number; name: string }>>([]);
  useEffect(() => {
    let current = true;
    void fetchProductNames().then((answer) => current && answer.code === 1 && setProducts(answer.data));
    return () => {
      current = false;
    };
  }, []);
  const set = (change: Partial<HistoryFilterForm>) => onChange({ ...value, ...change });
  return (
    <fieldset className="filter-fields history-filters">
      <legend className="visually-hidden">{t`Filter the history`}</legend>
      <label>
        <span>{t`Product`}</span>
        <select value={value.pid} onChange={(event) => set({ pid: event.target.value })}>
          <option value="">{t`All products`}</option>
          {products.map((product) => (
            <option key={product.id} value={product.id}>
              {product.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t`Result`}</span>
        <select value={value.result} onChange={(event) => set({ result: event.target.value as HistoryFilterForm["result"] })}>
          <option value="">{t`All results`}</option>
          <option value="win">{t`Win`}</option>
          <option value="loss">{t`Loss`}</option>
          <option value="tie">{t`Tie`}</option>
        </select>
      </label>
      <label>
        <span>{t`From`}</span>
        <input type="date" value={value.from} max={value.to || undefined} onChange={(event) => set({ from: event.target.value })} />
      </label>
      <label>
        <span>{t`To`}</span>
        <input type="date" value={value.to} min={value.from || undefined} onChange={(event) => set({ to: event.target.value })} />
      </label>
      {(value.pid || value.result || value.from || value.to) && (
        <button type="button" className="button button-small" onClick={() => onChange(NO_FILTER)}>
          {t`Clear filters`}
        </button>
      )}
    </fieldset>
  );
}
