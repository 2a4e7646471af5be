import { useLingui } from "@lingui/react/macro";
import { Empty } from "../../ui/Empty";

export function OrderPage() {
  const { t } = useLingui();
  return (
    <main className="page page-tab">
      <h1 className="page-title">{t`Orders`}</h1>
      <Empty
        title={t`No orders`}
        text={t`Trading is not available in this version of the app, so there are no holding or history orders.`}
      />
    </main>
  );
}
