import { describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";
import { MONEY_MAX_CENTS, moneyField } from "#contract/schemas/fields";

/** Customer amounts arrive as form text and leave the contract as cents: no service parses an amount. */
const field = moneyField();
const cents = (text: unknown) => field.parse(text);
const refusal = (text: unknown) => {
  const result = field.safeParse(text);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return { key: issue.message, values: issue.code === "custom" ? issue.params : undefined };
};

describe("a customer's amount parses to integer cents", () => {
  it("whole units, one and two decimals, surrounding spaces and leading zeros", () => {
    expect(cents("100")).toBe(10000);
    expect(cents("12.5")).toBe(1250);
    expect(cents("12.50")).toBe(1250);
    expect(cents(" 7.05 ")).toBe(705);
    expect(cents("00012.30")).toBe(1230);
  });

  it("the smallest amount is one cent; zero is too small, with the bound in the refusal", () => {
    expect(cents("0.01")).toBe(1);
    expect(refusal("0")).toEqual({ key: "amount_too_small", values: { min: "0.01" } });
    expect(refusal("0.00")).toEqual({ key: "amount_too_small", values: { min: "0.01" } });
    expect(refusal("000")).toEqual({ key: "amount_too_small", values: { min: "0.01" } });
  });

  it("the largest is twelve whole digits and two decimals; one cent more is too large, with the bound", () => {
    expect(cents("999999999999.99")).toBe(MONEY_MAX_CENTS);
    expect(Number.isSafeInteger(MONEY_MAX_CENTS)).toBe(true);
    const tooLarge = { key: "amount_too_large", values: { max: "999999999999.99" } };
    expect(refusal("1000000000000")).toEqual(tooLarge);
    expect(refusal("1000000000000.00")).toEqual(tooLarge);
    expect(refusal("9".repeat(40))).toEqual(tooLarge);
    // leading zeros do not make an amount large
    expect(cents("0000999999999999.99")).toBe(MONEY_MAX_CENTS);
  });

  it("refuses more than two decimals, a sign, an exponent and anything that is not an amount", () => {
    for (const text of ["1.234", "0.001", "-1", "+1", "-0.01", "1e3", "1,5", ".5", "5.", "Infinity", "0x10", "1 000"])
      expect(refusal(text), text).toEqual({ key: "invalid_input", values: undefined });
  });

  it("a missing or empty amount is required; a repeated one (an array) is invalid", () => {
    expect(refusal(undefined)?.key).toBe("field_required");
    expect(refusal("")?.key).toBe("field_required");
    expect(refusal("  ")?.key).toBe("field_required");
    expect(refusal(["1", "2"])?.key).toBe("invalid_input");
  });
});

describe("every customer request that moves money carries its amount in cents", () => {
  const requestId = "abcdefgh1234";
  const cases = {
    placeOrder: { pid: "1", direction: "up", seconds: "30", amount: "10.5", requestId },
    exchange: { from: "cash", amount: "10.5", payPassword: "secret1", requestId },
    recharge: { channelId: "1", amount: "10.5", screenshot: `/api/files/${"a".repeat(32)}.png`, requestId },
    withdraw: { amount: "10.5", cardId: "2", payPassword: "secret1", requestId },
    joinPlan: { planId: "1", amount: "10.5", payPassword: "secret1", requestId },
    appendSubscription: { id: "1", amount: "10.5", payPassword: "secret1", requestId },
  } as const;

  for (const [name, body] of Object.entries(cases) as [keyof typeof cases, Record<string, string>][]) {
    it(`${name}: the amount in cents, zero and a third decimal refused on the amount field`, () => {
      const request = endpoints[name].request;
      expect(request.parse(body)).toMatchObject({ amount: 1050 });
      const zero = request.safeParse({ ...body, amount: "0" });
      expect(zero.error?.issues[0]).toMatchObject({ path: ["amount"], message: "amount_too_small" });
      const third = request.safeParse({ ...body, amount: "10.505" });
      expect(third.error?.issues[0]).toMatchObject({ path: ["amount"], message: "invalid_input" });
    });
  }
});
