/**
 * Resident ID numbers for tests, with the check character worked out here from the standard's definition
 * (ISO 7064 MOD 11-2: weight 2^(17-i) mod 11 for digit i, then the character for (12 - sum mod 11) mod 11),
 * independently of the table the app uses.
 */
export function checkCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (2 ** (17 - i) % 11);
  const value = (12 - (sum % 11)) % 11;
  return value === 10 ? "X" : String(value);
}

/** A well-formed ID number for someone born on `birth` (YYYYMMDD), sequence 0-999. */
export function residentId(birth: string, sequence: number, region = "110101"): string {
  const first17 = `${region}${birth}${String(sequence).padStart(3, "0")}`;
  return first17 + checkCharacter(first17);
}

/** A well-formed ID number whose check character is X, for the lower-case x case. */
export function residentIdEndingInX(birth: string, from = 0): string {
  for (let sequence = from; sequence < 1000; sequence++) {
    const id = residentId(birth, sequence);
    if (id.endsWith("X")) return id;
  }
  throw new Error(`no ID number ending in X for ${birth}`);
}

/** The same number with a different (wrong) check character. */
export function withWrongCheck(id: string): string {
  const right = id[17]!;
  return id.slice(0, 17) + (right === "0" ? "1" : "0");
}
