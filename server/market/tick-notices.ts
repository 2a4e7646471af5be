import type { TickRow } from "./store";

/*
 * How the recorder tells the other processes each round's newest prices, once they are recorded (PostgreSQL
 * NOTIFY): followers serve them at once instead of at their next read of the database.
 */

/** The channel the recorder announces each round's prices on, once recorded. */
export const QUOTES_CHANNEL = "trading_quotes";
/** PostgreSQL refuses a notification payload of 8000 bytes or more. */
const MAX_PAYLOAD = 7000;

/** The recorder's latest prices as notification payloads: [productId, time, price] triples in JSON. */
export function encodeTicks(ticks: TickRow[]): string[] {
  const payloads: string[] = [];
  let part: string[] = [];
  let size = 2;
  for (const tick of ticks) {
    const entry = JSON.stringify([tick.productId, tick.time, tick.price]);
    if (part.length > 0 && size + entry.length + 1 > MAX_PAYLOAD) {
      payloads.push(`[${part.join(",")}]`);
      part = [];
      size = 2;
    }
    part.push(entry);
    size += entry.length + 1;
  }
  if (part.length > 0) payloads.push(`[${part.join(",")}]`);
  return payloads;
}

/** A payload from encodeTicks; anything else yields nothing. */
export function decodeTicks(payload: string): TickRow[] {
  try {
    const parsed: unknown = JSON.parse(payload);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((entry: unknown) =>
      Array.isArray(entry) && entry.length === 3 && entry.every(Number.isSafeInteger)
        ? [{ productId: entry[0] as number, time: entry[1] as number, price: entry[2] as number }]
        : [],
    );
  } catch {
    return [];
  }
}
