/**
 * The 18-character resident identity number of mainland China (GB 11643): six digits of region, the birth date
 * as YYYYMMDD, three digits of sequence and a check character over the first seventeen (ISO 7064 MOD 11-2,
 * where 10 is written X).
 */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARACTERS = "10X98765432";
export const ADULT_AGE = 18;

/** The check character for the first seventeen digits of an ID number. */
export function residentIdCheckCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK_CHARACTERS[sum % 11]!;
}

/** The birth date written in an ID number as [year, month, day], or null when it is no calendar date. */
function birthDate(idNumber: string): [number, number, number] | null {
  const year = Number(idNumber.slice(6, 10));
  const month = Number(idNumber.slice(10, 12));
  const day = Number(idNumber.slice(12, 14));
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return [year, month, day];
}

/** Whether an ID number is well formed: eighteen characters, a real birth date and the right check character. */
export function isResidentId(idNumber: string): boolean {
  const id = idNumber.toUpperCase();
  return /^[1-9]\d{16}[\dX]$/.test(id) && residentIdCheckCharacter(id.slice(0, 17)) === id[17] && birthDate(id) !== null;
}

/**
 * Whether a well-formed ID number's holder was born at least eighteen years before `nowSeconds` (calendar days in
 * UTC); a birth date in the future is no adult's either.
 */
export function isAdultResidentId(idNumber: string, nowSeconds: number): boolean {
  if (!isResidentId(idNumber)) return false;
  const born = birthDate(idNumber)!;
  const today = new Date(nowSeconds * 1000);
  const [year, month, day] = born;
  const adultFrom = Date.UTC(year + ADULT_AGE, month - 1, day);
  // born on 29 February: Date.UTC rolls a non-leap year's 29 February over to 1 March
  return adultFrom <= Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
}
