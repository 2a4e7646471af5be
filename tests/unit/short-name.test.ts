import { describe, expect, it } from "vitest";

import { pairInName, shortName } from "@/features/trading/short-name";

describe("a product's short form for a narrow trade head", () => {
  it("is the pair inside a metal's name in every language", () => {
    expect(shortName({ name: "Platine XPT/USD", code: "XPTUSD" })).toBe("XPT/USD");
    expect(shortName({ name: "แพลเลเดียม XPD/USD", code: "XPDUSD" })).toBe("XPD/USD");
    expect(shortName({ name: "DOGE/USDT", code: "DOGEUSDT" })).toBe("DOGE/USDT");
  });

  it("is the code where the name has no pair and is longer, else the name itself", () => {
    expect(shortName({ name: "Pétrole brut WTI", code: "CL" })).toBe("CL");
    expect(shortName({ name: "Alphabet (Google)", code: "GOOGL" })).toBe("GOOGL");
    expect(shortName({ name: "AMD", code: "AMD" })).toBe("AMD");
    expect(pairInName("Apple")).toBeNull();
  });
});
