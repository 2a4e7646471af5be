/**
 * Compiled by `npm run typecheck`, never run: the answer types of the customer paths. Each `@ts-expect-error`
 * line must fail to compile (tsc reports an unused one), so a guard removed from the contract, from `call()` or
 * from `route()` breaks the typecheck.
 */
import type { FastifyInstance } from "fastify";

import { call } from "@/api/client";
import { endpoints } from "#contract/endpoints";
import type { Envelope } from "#contract/envelope";
import { type AnsweredPaths, type AnswerOf, type ApiPath, apiPaths, streamPaths } from "#contract/paths";
import type { Order } from "#contract/trading";
import type { Wallet } from "#contract/wallet";

import { onceRoute, route } from "../../server/http/routes";
import type { ServiceContext } from "../../server/modules/context";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const holds = <Claim extends true>(): Claim | undefined => undefined;

/** The names of a table's paths whose answer is still `unknown`. */
type Unanswered<Table> = { [K in keyof Table]: unknown extends AnswerOf<Table[K]> ? K : never }[keyof Table];
type CustomerEndpoints = Pick<typeof endpoints, keyof typeof apiPaths | keyof typeof streamPaths>;

export const everyPathAnswered = [
  holds<Equal<Unanswered<typeof apiPaths>, never>>(),
  holds<Equal<Unanswered<typeof streamPaths>, never>>(),
  // the server's table spreads the paths: the answer type must survive the spread
  holds<Equal<Unanswered<CustomerEndpoints>, never>>(),
  holds<Equal<AnswerOf<typeof endpoints.wallet>, Wallet>>(),
];

export async function callInfersTheAnswer() {
  const wallet = await call(apiPaths.wallet);
  const typed: Envelope<Wallet> = wallet;
  // @ts-expect-error the wallet's answer is not an order
  const wrong: Envelope<Order> = wallet;
  const orders = await call(apiPaths.holdingOrders);
  // @ts-expect-error a list of orders has no `cash`
  const cash: string = orders.code === 1 ? orders.data.cash : "";
  return [typed, wrong, cash, holds<Equal<typeof orders, Envelope<Order[]>>>()];
}

/** A path with no answer type does not compile into an answered table. */
export const twoPaths = {
  wallet: { method: "GET", path: "/api/user/wallet", auth: "user" },
  order: { method: "GET", path: "/api/user/get_this_order", auth: "user" },
} as const satisfies Record<string, ApiPath>;
export type BothAnswered = AnsweredPaths<typeof twoPaths, { wallet: Wallet; order: Order }>;
// @ts-expect-error `order` has no answer type
export type OneMissing = AnsweredPaths<typeof twoPaths, { wallet: Wallet }>;

export function handlersMustReturnTheAnswer(app: FastifyInstance, ctx: ServiceContext, wallet: Wallet, order: Order) {
  route(app, endpoints.wallet, async () => ({ data: wallet }));
  // @ts-expect-error the wallet path must answer a wallet, not an order
  route(app, endpoints.wallet, async () => ({ data: order }));
  // @ts-expect-error a list of orders, not one
  route(app, endpoints.holdingOrders, async () => ({ data: order }));
  onceRoute(app, endpoints.placeOrder, ctx, async () => ({ data: order, message: "done" }));
  // @ts-expect-error placing an order answers the order
  onceRoute(app, endpoints.placeOrder, ctx, async () => ({ data: wallet, message: "done" }));
}
