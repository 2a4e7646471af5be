import { atom, useAtom } from "jotai";
import { useCallback } from "react";

import type { OrderAccount } from "#contract/trading";

/**
 * Which balance the customer trades with, Real or Practice: a choice kept on this device, one key per user (a
 * shared phone keeps each customer's own), and held in one atom so the trade screen and Mine always agree.
 */
const keyOf = (userId: number) => `trade-account:${userId}`;

function readChoice(userId: number): OrderAccount | null {
  try {
    const stored = localStorage.getItem(keyOf(userId));
    return stored === "real" || stored === "practice" ? stored : null;
  } catch {
    return null;
  }
}

function writeChoice(userId: number, account: OrderAccount): void {
  try {
    localStorage.setItem(keyOf(userId), account);
  } catch {
    // storage refused (private mode): the choice lasts for this visit only
  }
}

const choicesAtom = atom<Readonly<Record<number, OrderAccount>>>({});

/**
 * The account the customer trades with now. Until they choose, a customer whose recharge was never approved
 * starts on practice (their first orders are never with real money); once one was, real. Unknown (`undefined`,
 * e.g. a saved copy without the flag) counts as recharged, so real money is never hidden behind play money.
 */
export function useTradeAccount(userId: number, recharged: boolean | undefined) {
  const [choices, setChoices] = useAtom(choicesAtom);
  const chosen = choices[userId] ?? readChoice(userId);
  const account: OrderAccount = chosen ?? (recharged === false ? "practice" : "real");
  const choose = useCallback(
    (next: OrderAccount) => {
      writeChoice(userId, next);
      setChoices((current) => ({ ...current, [userId]: next }));
    },
    [userId, setChoices],
  );
  return { account, choose };
}
