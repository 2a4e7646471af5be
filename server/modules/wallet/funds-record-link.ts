import type { FundsRecordLink } from "#contract/wallet";

/**
 * The record behind a ledger row, from the reference its writer gave it ("order:5", "subscription:3:day:2",
 * "signin:2027-01-15"…). A reference of a shape not listed here links nowhere rather than somewhere wrong.
 */
export function fundsRecordLink(reference: string | null): FundsRecordLink | null {
  if (reference === null) return null;
  const signin = /^signin:(\d{4}-\d{2}-\d{2})$/.exec(reference);
  if (signin) return { type: "signin", day: signin[1]! };
  const numbered = /^([a-z]+):(\d{1,15})(?::day:\d+)?$/.exec(reference);
  if (!numbered) return null;
  const id = Number(numbered[2]);
  const interest = numbered[0].includes(":day:");
  switch (numbered[1]) {
    case "subscription":
      return { type: "subscription", id };
    case "invitee":
      return interest ? null : { type: "bonus", inviteeId: id };
    case "order":
    case "recharge":
    case "withdrawal":
    case "exchange":
    case "adjustment":
      return interest ? null : { type: numbered[1], id };
    default:
      return null;
  }
}
