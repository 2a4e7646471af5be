import { useRouter } from "@tanstack/react-router";
import { useCallback, useEffect, useState } from "react";

import type { Goods } from "#contract/markets";

import { fetchBalance } from "./api";

/**
 * The balance the trade screen shows. An order takes stake and fee, a settlement pays back: the balance is
 * read again, and pages kept from earlier visits (Mine, the wallet) are dropped so they load the new balance
 * when opened.
 */
export function useTradeBalance(goods: Goods, pid: number) {
  const router = useRouter();
  const [balance, setBalance] = useState(goods.balance);
  useEffect(() => setBalance(goods.balance), [goods.balance]);
  const refreshBalance = useCallback(async () => {
    router.clearCache();
    const fresh = await fetchBalance(pid);
    if (fresh !== undefined) setBalance(fresh);
  }, [router, pid]);
  return { balance, refreshBalance };
}
