import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";

import { errorText } from "@/i18n/catalogue";
import { Field } from "@/ui/Field";
import { NavBar } from "@/ui/NavBar";
import { OfflineBanner } from "@/ui/OfflineBanner";
import { useSubmit } from "@/ui/use-submit";
import type { VerificationState } from "#contract/identity";
import { isResidentId } from "#contract/resident-id";

import { submitVerification } from "./api";

/** Real-name verification: name, ID number and the agreement; then under review until the operator decides. */
export function IdentityPage({ state, offlineSince }: { state: VerificationState; offlineSince?: number }) {
  const { t } = useLingui();
  const [name, setName] = useState("");
  const [idNumber, setIdNumber] = useState("");
  const [idProblem, setIdProblem] = useState<string | null>(null);
  const [agree, setAgree] = useState(false);
  const { submit: send, busy } = useSubmit();
  const label = { none: t`Not verified`, review: t`Under review`, passed: t`Verified`, refused: t`Refused` }[state.status];

  async function submit(event: FormEvent) {
    event.preventDefault();
    // eighteen characters, a real birth date and the MOD 11-2 check character, as the server checks: a number
    // it would refuse is not sent (the age needs the server's clock and stays its check)
    if (!isResidentId(idNumber.trim())) return setIdProblem(errorText("wrong_id_number"));
    setIdProblem(null);
    await send({ name, idNumber, agree: agree ? ("1" as const) : undefined }, submitVerification, { reload: true });
  }

  const canSubmit = state.status === "none" || state.status === "refused";
  return (
    <main className="page">
      <NavBar title={t`Real-name verification`} />
      {offlineSince !== undefined && <OfflineBanner since={offlineSince} />}
      <section className="rules" data-testid="verification-status" data-status={state.status}>
        <p>
          {t`Status`}: <strong>{label}</strong>
        </p>
        {state.name && <p>{t`Name: ${state.name}`}</p>}
        {state.idNumber && <p>{t`ID number: ${state.idNumber}`}</p>}
        {state.reason && <p>{t`Reason: ${state.reason}`}</p>}
      </section>
      {canSubmit && (
        <form className="form" onSubmit={submit} noValidate>
          <Field label={t`Name`} name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
          <Field
            label={t`ID number`}
            name="idNumber"
            autoComplete="off"
            value={idNumber}
            onChange={(e) => {
              setIdNumber(e.target.value);
              setIdProblem(null);
            }}
            error={idProblem}
          />
          <label className="checkbox">
            <input type="checkbox" checked={agree} onChange={(e) => setAgree(e.target.checked)} />
            <span>
              <Trans>I confirm these details are mine and agree that the platform checks them.</Trans>
            </span>
          </label>
          <button type="submit" className="button button-primary" disabled={busy}>
            {t`Submit`}
          </button>
        </form>
      )}
    </main>
  );
}
