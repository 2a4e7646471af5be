import { Secret, TOTP } from "otpauth";

/**
 * Time-based one-time codes (RFC 6238: SHA-1, six digits, 30-second steps), the one implementation behind the
 * operators' second factor and the customers' optional one. `issuer` and `label` only name the account in the
 * authenticator app; the code depends on the secret and the time alone.
 */
const PERIOD = 30;

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

const totpFor = (issuer: string, label: string, secret: string) =>
  new TOTP({ issuer, label, algorithm: "SHA1", digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

/** The otpauth:// URI an authenticator app reads (as a QR code or pasted). */
export const totpUri = (issuer: string, label: string, secret: string) => totpFor(issuer, label, secret).toString();

/** The code an authenticator shows at `now` (Unix seconds): for tests and the demo. */
export const totpCode = (secret: string, now: number) => totpFor("", "", secret).generate({ timestamp: now * 1000 });

/**
 * The 30-second step a code belongs to when it is right at `now` (one step of clock drift either way), else
 * null. The caller refuses a step it already accepted, so an overheard code cannot be replayed.
 */
export function totpStep(secret: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor("", "", secret).validate({ token: code, timestamp: now * 1000, window: 1 });
  return delta === null ? null : Math.floor(now / PERIOD) + delta;
}
