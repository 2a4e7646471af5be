/** The pair inside a product's name, if it has one: "Platine XPT/USD" → "XPT/USD"; null for "Apple". */
export function pairInName(name: string): string | null {
  return /[A-Z0-9]{2,6}\/[A-Z0-9]{2,6}/.exec(name)?.[0] ?? null;
}

/**
 * A product's shortest unambiguous form, for a place too narrow for its name: the pair inside a metal's name
 * ("Platine XPT/USD" → "XPT/USD"), otherwise its code when shorter ("Pétrole brut WTI" → "CL").
 */
export function shortName({ name, code }: { name: string; code: string }): string {
  return pairInName(name) ?? (code.length < name.length ? code : name);
}
