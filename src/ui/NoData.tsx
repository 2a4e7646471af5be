import { useLingui } from "@lingui/react/macro";

import { Empty } from "./Empty";
import { NavBar } from "./NavBar";
import { RetryButton } from "./RetryButton";

/** A page whose data could not be loaded and has no saved copy: said plainly. */
export function NoData() {
  const { t } = useLingui();
  return (
    <main className="page">
      <NavBar title="" />
      <Empty
        title={t`Nothing to show`}
        text={t`This page could not be loaded and no saved copy exists. Check your connection and try again.`}
        action={<RetryButton />}
      />
    </main>
  );
}
