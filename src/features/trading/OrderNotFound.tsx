import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";

import { Empty } from "@/ui/Empty";
import { OrderIcon } from "@/ui/Icons";
import { NavBar } from "@/ui/NavBar";

/** What an order's own pages (its details, its verification) show for an id that is not one of the customer's orders. */
export function OrderNotFound({ title }: { title: string }) {
  const { t } = useLingui();
  return (
    <main className="page">
      <NavBar title={title} />
      <Empty
        icon={<OrderIcon size={32} />}
        title={t`Order not found`}
        action={
          <Link to="/pages/user/order" className="button button-primary">
            {t`Orders`}
          </Link>
        }
      />
    </main>
  );
}
