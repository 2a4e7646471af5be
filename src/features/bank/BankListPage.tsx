import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { BankCard } from "../../../contract/wallet";
import { CARD_TYPE_NAMES } from "../../ui/card-types";
import { NoCard } from "../../ui/NoCard";
import { NavBar } from "../../ui/NavBar";

export function BankListPage({ cards }: { cards: BankCard[] }) {
  const { t, i18n } = useLingui();
  return (
    <main className="page">
      <NavBar title={t`Bank cards`} />
      {cards.length === 0 ? (
        <NoCard />
      ) : (
        <>
          <ul className="record-list" data-testid="card-list">
            {cards.map((card) => (
              <li key={card.id} className="record">
                <strong>
                  {card.bankName} · {i18n._(CARD_TYPE_NAMES[card.type])}
                </strong>
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
    </main>
  );
}
