import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";

import { errorText } from "@/i18n/catalogue";
import { CARD_TYPE_NAMES } from "@/ui/card-types";
import { Field } from "@/ui/Field";
import { FundPasswordField } from "@/ui/FundPasswordField";
import { NavBar } from "@/ui/NavBar";
import { useOnline } from "@/ui/use-online";
import { useSubmit } from "@/ui/use-submit";
import { CARD_TYPES, type CardType, isBankCardNumber, isCheckedCardNumber } from "#contract/cards";

import { addCard } from "./api";

export function AddCardPage() {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const [type, setType] = useState<CardType>("bank");
  const [bankName, setBankName] = useState("");
  const [branch, setBranch] = useState("");
  const [number, setNumber] = useState("");
  const [numberProblem, setNumberProblem] = useState<string | null>(null);
  const [holder, setHolder] = useState("");
  const [payPassword, setPayPassword] = useState("");
  const { submit: send, busy } = useSubmit();

  async function submit(event: FormEvent) {
    event.preventDefault();
    // the server's own rule and words: a card number it would refuse is not sent
    if (type === "bank" && !isBankCardNumber(number.trim())) return setNumberProblem(errorText("card_number_invalid"));
    if (type === "bank" && !isCheckedCardNumber(number.trim())) return setNumberProblem(errorText("card_number_check"));
    setNumberProblem(null);
    // only a bank has branches: one typed before switching to another type is not sent
    await send({ type, bankName, branch: type === "bank" ? branch : "", number, holder, payPassword }, addCard, {
      navigate: { to: "/pages/user/bank" },
    });
  }

  return (
    <main className="page">
      <NavBar title={t`Add a card`} />
      <form className="form" onSubmit={submit} noValidate>
        <fieldset className="options">
          <legend>{t`Type`}</legend>
          {CARD_TYPES.map((option) => (
            <button
              key={option}
              type="button"
              className="chip"
              aria-pressed={option === type}
              onClick={() => {
                setType(option);
                setNumberProblem(null);
              }}
            >
              {i18n._(CARD_TYPE_NAMES[option])}
            </button>
          ))}
        </fieldset>
        <Field
          label={type === "bank" ? t`Bank name` : t`Channel name`}
          name="bankName"
          value={bankName}
          onChange={(e) => setBankName(e.target.value)}
        />
        {type === "bank" && <Field label={t`Opening bank`} name="branch" value={branch} onChange={(e) => setBranch(e.target.value)} />}
        <Field
          label={type === "bank" ? t`Card number` : t`Account or address`}
          name="number"
          value={number}
          onChange={(e) => {
            setNumber(e.target.value);
            setNumberProblem(null);
          }}
          error={numberProblem}
          autoComplete="off"
          inputMode={type === "bank" ? "numeric" : undefined}
          hint={type === "bank" ? t`12 to 19 digits; spaces are fine` : undefined}
        />
        <Field label={t`Account holder`} name="holder" value={holder} onChange={(e) => setHolder(e.target.value)} />
        <FundPasswordField value={payPassword} onChange={setPayPassword} />
        <button type="submit" className="button button-primary" disabled={busy || !online}>
          {t`Save`}
        </button>
      </form>
    </main>
  );
}
