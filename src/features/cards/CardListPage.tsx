import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";

import { CARD_TYPE_NAMES } from "@/ui/card-types";
import { FundPasswordField } from "@/ui/FundPasswordField";
import { NavBar } from "@/ui/NavBar";
import { NeedsConnection } from "@/ui/NeedsConnection";
import { NoCard } from "@/ui/NoCard";
import { OfflineBanner } from "@/ui/OfflineBanner";
import { Sheet } from "@/ui/Sheet";
import { useOnline } from "@/ui/use-online";
import { useSubmit } from "@/ui/use-submit";
import type { BankCard } from "#contract/cards";

import { removeCard } from "./api";

export function CardListPage({ cards, offlineSince }: { cards: BankCard[]; offlineSince?: number }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const [removing, setRemoving] = useState<BankCard | null>(null);
  const [payPassword, setPayPassword] = useState("");
  const { submit: send, busy } = useSubmit();
  const bank = removing?.bankName ?? "";
  const number = removing?.number ?? "";

  function close() {
    setRemoving(null);
    setPayPassword("");
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!removing) return;
    await send({ id: removing.id, payPassword }, removeCard, { onSuccess: close, reload: true });
  }

  return (
    <main className="page">
      <NavBar title={t`Bank cards`} />
      {offlineSince !== undefined && <OfflineBanner since={offlineSince} />}
      {!online && cards.length > 0 && <NeedsConnection />}
      {cards.length === 0 ? (
        <NoCard />
      ) : (
        <>
          <ul className="record-list" data-testid="card-list">
            {cards.map((card) => (
              <li key={card.id} className="record" data-card={card.id}>
                <span className="record-line">
                  <strong>
                    {card.bankName} · {i18n._(CARD_TYPE_NAMES[card.type])}
                  </strong>
                  <button
                    type="button"
                    className="chip"
                    disabled={!online}
                    title={online ? undefined : t`Needs a connection`}
                    onClick={() => setRemoving(card)}
                  >
                    {t`Remove`}
                  </button>
                </span>
                <span className="record-sub">
                  {card.number}
                  {card.branch ? ` · ${card.branch}` : ""}
                  {card.holder ? ` · ${card.holder}` : ""}
                </span>
              </li>
            ))}
          </ul>
          <Link to="/pages/user/addBank" className="button load-more">
            <Trans>Add a card</Trans>
          </Link>
        </>
      )}
      {removing && (
        <Sheet title={t`Remove this card?`} onClose={close}>
          <form className="ticket" onSubmit={confirm} noValidate>
            <p>{t`${bank} ${number} will no longer be offered for withdrawals.`}</p>
            <FundPasswordField value={payPassword} onChange={setPayPassword} />
            {!online && <NeedsConnection />}
            <button type="submit" className="button button-primary" disabled={busy || !online}>
              {t`Remove`}
            </button>
          </form>
        </Sheet>
      )}
    </main>
  );
}
