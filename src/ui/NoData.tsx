import { useLingui } from "@lingui/react/macro";

import { Empty } from "./Empty";
import { NavBar } from "./NavBar";
import { RetryButton } from "./RetryButton";

/**
 * A page whose data could not be loaded and has no saved copy: said plainly. When the server answered with a
 * refusal (an item that is not published, say), its message is shown instead of blaming the connection.
 */
export function NoData({ refusal }: { refusal?: string } = {}) {
  const { t } = useLingui();
  return (
    <main className="page">
      <NavBar title="" />
      <Empty
        title={t`Nothing to show`}
        text={refusal ?? t`This page could not be loaded and no saved copy exists. Check your connection and try again.`}
        action={refusal ? undefined : <RetryButton />}
      />
    </main>
  );
}
