import { Secret, TOTP } from "otpauth";

const ISSUER = "Trading PWA ops";
const PERIOD = 30;

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

const totpFor = (username: string, secret: string) =>
  new TOTP({ issuer: ISSUER, label: username, algorithm: "SHA1", digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

/** The otpauth:// URI an authenticator app reads (as a QR code or pasted). */
export const totpUri = (username: string, secret: string) => totpFor(username, secret).toString();

/** The code an authenticator shows at `now` (Unix seconds): for tests and the demo. */
export const totpCode = (username: string, secret: string, now: number) => totpFor(username, secret).generate({ timestamp: now * 1000 });

/**
 * The 30-second step a code belongs to when it is right at `now` (one step of clock drift either way), else
 * null. The caller refuses a step it already accepted, so an overheard code cannot be replayed.
 */
export function totpStep(username: string, secret: string, code: string, now: number): number | null {
  const delta = totpFor(username, secret).validate({ token: code, timestamp: now * 1000, window: 1 });
  return delta === null ? null : Math.floor(now / PERIOD) + delta;
}
