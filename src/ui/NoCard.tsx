import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";

import { Empty } from "./Empty";
import { CardIcon } from "./PageIcons";

/** Withdrawing needs a bound card or channel: says so, with the way to add one. */
export function NoCard() {
  const { t } = useLingui();
  return (
    <Empty
      icon={<CardIcon size={32} />}
      title={t`No bank card yet`}
      text={t`Bind a bank card or payment channel to withdraw.`}
      action={
        <Link to="/pages/user/addBank" className="button button-primary">
          <Trans>Add a card</Trans>
        </Link>
      }
    />
  );
}
