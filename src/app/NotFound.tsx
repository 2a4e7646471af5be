import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";

import { Empty } from "../ui/Empty";

export function NotFound() {
  const { t } = useLingui();
  return (
    <main className="page">
      <Empty
        title={t`Page not found`}
        text={t`This address does not lead to a page of the app.`}
        action={
          <Link to="/" className="button button-primary">
            <Trans>Home</Trans>
          </Link>
        }
      />
    </main>
  );
}
