/**
 * A phone number as one account holds it: the digits alone, an international prefix ("+" or "00") dropped, so
 * "+8613800000000", "008613800000000" and "8613800000000" are one number. A number written without its country
 * code stays another number: the platform serves several countries and cannot tell which one was meant. The
 * migration that made numbers unique (0038) normalises with the same rule, in SQL.
 */
export function normalisedPhone(phone: string): string {
  return phone.replace(/^(\+|00)/, "");
}
