import { useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useState } from "react";

import { useAmountFormat } from "@/i18n/format";
import { CURRENCY } from "#contract/constants";

import { FundPasswordField } from "./FundPasswordField";
import { Sheet } from "./Sheet";

/**
 * One line of the sheet: a figure (`amount`, in `unit`, U unless told) that the sheet groups for the active
 * language, or a `value` shown as it is (a destination, a plan).
 */
export type ConfirmRow = { label: string; testId?: string } & (
  { amount: string | number; unit?: string; value?: undefined } | { value: string; amount?: undefined }
);

/**
 * The last look before money leaves: what goes where (amount, fee, what arrives, the destination or plan), and
 * the fund password asked here, next to those figures, so it confirms exactly what the sheet shows.
 */
export function ConfirmSheet({
  title,
  rows,
  askPassword = true,
  busy,
  online,
  onConfirm,
  onClose,
  children,
}: {
  /** more the action asks for, under the fund password (a withdrawal's authenticator code) */
  children?: ReactNode;
  title: string;
  rows: ConfirmRow[];
  askPassword?: boolean;
  busy: boolean;
  online: boolean;
  onConfirm: (payPassword: string) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [payPassword, setPayPassword] = useState("");
  const amountText = useAmountFormat();

  function confirm(event: FormEvent) {
    event.preventDefault();
    onConfirm(payPassword);
  }

  return (
    <Sheet title={title} onClose={onClose}>
      <form className="form" onSubmit={confirm} noValidate data-testid="confirm-sheet">
        <dl className="ticket-figures">
          {rows.map((row) => (
            <div key={row.label} className="confirm-row">
              <dt>{row.label}</dt>
              <dd data-testid={row.testId}>{row.amount === undefined ? row.value : `${amountText(row.amount)} ${row.unit ?? CURRENCY}`}</dd>
            </div>
          ))}
        </dl>
        {askPassword && <FundPasswordField value={payPassword} onChange={setPayPassword} />}
        {children}
        {!online && <p className="ticket-blocked">{t`You are offline. Money actions need a connection and are never queued.`}</p>}
        <button type="submit" className="button button-primary" disabled={busy || !online}>
          {t`Confirm`}
        </button>
      </form>
    </Sheet>
  );
}
