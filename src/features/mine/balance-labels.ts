import { msg } from "@lingui/core/macro";

/** The four balances Mine shows, in order: its balance card and the pre-rendered shell's preview of it. */
export const BALANCE_LABELS = [msg`Cash`, msg`Coin`, msg`Frozen`, msg`Yuebao`] as const;
