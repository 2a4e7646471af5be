import { useRouter } from "@tanstack/react-router";
import { useCallback, useEffect, useState } from "react";

import type { Goods } from "#contract/markets";
import type { OrderAccount } from "#contract/trading";

import { fetchBalance } from "./api";

/**
 * The balance the trade screen shows: the cash, or the practice balance while trading on practice. An order takes stake and fee, a settlement pays back: the balance is
 * read again, and pages kept from earlier visits (Mine, the wallet) are dropped so they load the new balance
 * when opened.
 */
export function useTradeBalance(goods: Goods, pid: number, account: OrderAccount) {
  const router = useRouter();
  const [balances, setBalances] = useState({ real: goods.balance, practice: goods.practiceBalance });
  useEffect(() => setBalances({ real: goods.balance, practice: goods.practiceBalance }), [goods.balance, goods.practiceBalance]);
  const refreshBalance = useCallback(async () => {
    router.clearCache();
    const fresh = await fetchBalance(pid);
    if (fresh !== undefined) setBalances(fresh);
  }, [router, pid]);
  // a saved copy from before practice has no practice balance: shown as unknown, never as the cash
  return { balance: balances[account] ?? null, refreshBalance };
}
