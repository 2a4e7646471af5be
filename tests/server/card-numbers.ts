import { passesLuhn } from "#contract/cards";

/** `body` followed by the one digit that makes the whole pass the Luhn check: a card number the form takes. */
export function withCheckDigit(body: string): string {
  for (let digit = 0; digit < 10; digit++) if (passesLuhn(`${body}${digit}`)) return `${body}${digit}`;
  throw new Error(`no check digit for ${body}`);
}
