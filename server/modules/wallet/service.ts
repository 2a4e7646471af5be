import { centsToDecimal } from "#contract/format";
import { UnitAmount } from "#contract/localized-values";
import { exchangeAmounts } from "#contract/money";
import type { RecordPage } from "#contract/paging";
import type { ExchangeRecord, Wallet } from "#contract/wallet";

import { exchanges } from "../../db/schema";
import { freshUser } from "../accounts/fresh-user";
import { requireFundPassword } from "../accounts/fund-password";
import type { UserRow } from "../accounts/sessions";
import { lockUnfrozenUser } from "../accounts/unfrozen-lock";
import { rateText } from "../amounts";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { moveMoney } from "../ledger/service";
import { moneySettings } from "../money/settings";
import { ownRecords } from "../own-records";
import { hasApprovedRecharge, practiceBalanceText } from "./practice";

/** The operator's coin rate as the API writes it: cash (U) per coin. */
export async function coinRateText(ctx: ServiceContext): Promise<string> {
  return rateText((await moneySettings(ctx.db)).coinRate);
}

export async function wallet(ctx: ServiceContext, user: UserRow): Promise<Wallet> {
  const fresh = await freshUser(ctx, user.id);
  const rules = await moneySettings(ctx.db);
  return {
    cash: centsToDecimal(fresh.cash),
    coin: centsToDecimal(fresh.coin),
    frozen: centsToDecimal(fresh.frozen),
    yuebao: centsToDecimal(fresh.yuebao),
    coinRate: rateText(rules.coinRate),
    practice: practiceBalanceText(fresh),
    recharged: await hasApprovedRecharge(ctx, user.id),
  };
}

/** The largest amount from `from` whose other side is still an exact number of cents at `rateBps`. */
function largestExchange(from: "cash" | "coin", rateBps: number): number {
  const safe = BigInt(Number.MAX_SAFE_INTEGER);
  const largest = from === "cash" ? (safe * BigInt(rateBps)) / 10000n : (safe * 10000n) / BigInt(rateBps);
  return Number(largest < safe ? largest : safe);
}

/** Cash ↔ coin at the operator's rate; the target amount is rounded down to the hundredth. */
export async function exchange(ctx: ServiceContext, user: UserRow, input: { from: "cash" | "coin"; amount: number; payPassword: string }) {
  const { amount } = input;
  await requireFundPassword(ctx, user, input.payPassword);
  const { coinRate } = await moneySettings(ctx.db);
  const { cash: cashAmount, coin: coinAmount } = exchangeAmounts(input.from, amount, coinRate);
  // a side past 2^53 cents is no amount any balance holds, and not one the cent columns read back exactly
  if (!Number.isSafeInteger(cashAmount) || !Number.isSafeInteger(coinAmount))
    throw new AppError("amount_too_large", { max: new UnitAmount(centsToDecimal(largestExchange(input.from, coinRate)), input.from) });
  if (cashAmount <= 0 || coinAmount <= 0)
    // the amount is in the unit exchanged from: at least one coin's price in cash, or a hundredth of a coin
    throw new AppError("amount_too_small", { min: new UnitAmount(input.from === "cash" ? rateText(coinRate) : "0.01", input.from) });
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await lockUnfrozenUser(tx, user.id);
    const [record] = await tx
      .insert(exchanges)
      .values({ userId: user.id, fromAccount: input.from, cashAmount, coinAmount, rate: coinRate, createdAt: now })
      .returning({ id: exchanges.id });
    const reference = `exchange:${record!.id}`;
    const movements =
      input.from === "cash"
        ? [
            { account: "cash" as const, delta: -cashAmount, reason: "exchange_out" },
            { account: "coin" as const, delta: coinAmount, reason: "exchange_in" },
          ]
        : [
            { account: "coin" as const, delta: -coinAmount, reason: "exchange_out" },
            { account: "cash" as const, delta: cashAmount, reason: "exchange_in" },
          ];
    await moveMoney(tx, user.id, movements, reference, now);
  });
  const fresh = await freshUser(ctx, user.id);
  return { cash: centsToDecimal(fresh.cash), coin: centsToDecimal(fresh.coin) };
}

export function exchangeRecords(ctx: ServiceContext, user: UserRow, page: number): Promise<RecordPage<ExchangeRecord>> {
  return ownRecords(ctx, exchanges, user.id, page, (row) => ({
    id: row.id,
    time: row.createdAt,
    type: row.fromAccount === "cash" ? ("cash_to_coin" as const) : ("coin_to_cash" as const),
    coin: "COIN",
    cashAmount: centsToDecimal(row.fromAccount === "cash" ? -row.cashAmount : row.cashAmount),
    coinAmount: centsToDecimal(row.fromAccount === "coin" ? -row.coinAmount : row.coinAmount),
    rate: rateText(row.rate),
  }));
}
