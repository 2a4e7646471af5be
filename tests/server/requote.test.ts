import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { formatDecimal } from "#contract/decimal-format";
import { formatPrice } from "#contract/money";
import { products } from "#server/db/schema";

import { demoTraderPerFile, placeOrder, snapshot } from "./harness";

const demo = demoTraderPerFile();

const serverPrice = () => demo.h.feed.quote(demo.btc)!.price;
const shown = (scaled: number) => formatPrice(scaled, 2);
const order = (fields: Record<string, string>) => placeOrder(demo.h, demo.token, demo.btc, fields);

describe("requote: the price the customer saw against the server's at acceptance", () => {
  it("has a tolerance per product, 10 bps unless the operator sets another", () => {
    expect(demo.h.feed.products.get(demo.btc)!.requoteToleranceBps).toBe(10);
  });

  it("accepts a shown price within the tolerance, at the server's own price", async () => {
    const price = serverPrice();
    // 9 bps below the server's price: inside 10 bps
    const seen = price - Math.floor((price * 9) / 10_000);
    const answer = await order({ price: shown(seen) });
    expect(answer.body.code).toBe(1);
    expect(answer.body.data.openPrice).toBe(shown(price));
    expect(answer.body.data.openPrice).not.toBe(shown(seen));
  });

  it("refuses a shown price beyond the tolerance with the new price, and moves no money", async () => {
    const price = serverPrice();
    const seen = price - Math.ceil((price * 11) / 10_000);
    const before = await snapshot(demo.h);
    const answer = await order({ price: shown(seen) });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 0, err: "price_moved", data: null, values: { price: shown(price) } });
    expect(answer.body.msg).toBe(`The price moved to ${formatDecimal(shown(price), "en")}; the order was not placed`);
    expect(await snapshot(demo.h)).toBe(before);

    // the one-tap retry with the new price goes through
    const retry = await order({ price: (answer.body as unknown as { values: { price: string } }).values.price });
    expect(retry.body.code).toBe(1);
    expect(retry.body.data.openPrice).toBe(shown(price));
  });

  it("compares with the price when the order is accepted, not when the customer looked", async () => {
    const seen = serverPrice();
    // the market jumps 1 % before the order arrives
    demo.h.provider.queued.set(demo.btc, [Math.round(seen * 1.01)]);
    await demo.h.advance(1);
    const answer = await order({ price: shown(seen) });
    expect(answer.body).toMatchObject({ err: "price_moved", values: { price: shown(serverPrice()) } });
  });

  it("follows the product's own tolerance", async () => {
    await demo.h.database.db.update(products).set({ requoteToleranceBps: 200 }).where(eq(products.id, demo.btc));
    await demo.h.feed.reloadProducts();
    try {
      const price = serverPrice();
      const answer = await order({ price: shown(Math.round(price * 0.985)) });
      expect(answer.body.code).toBe(1);
    } finally {
      await demo.h.database.db.update(products).set({ requoteToleranceBps: 10 }).where(eq(products.id, demo.btc));
      await demo.h.feed.reloadProducts();
    }
  });

  it("opens an order sent without a shown price at the server's price, as before", async () => {
    const answer = await order({});
    expect(answer.body.code).toBe(1);
    expect(answer.body.data.openPrice).toBe(shown(serverPrice()));
  });

  it("refuses a malformed shown price as invalid input", async () => {
    const answer = await order({ price: "1,08" });
    expect(answer.body).toMatchObject({ err: "invalid_input", msg: "Price is invalid" });
  });
});
