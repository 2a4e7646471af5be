import * as totp from "../totp/totp";

/** The operators' authenticator: the shared TOTP (server/modules/totp) under the console's issuer name. */
const ISSUER = "Trading PWA ops";

export const newTotpSecret = totp.newTotpSecret;

/** The otpauth:// URI an authenticator app reads (as a QR code or pasted). */
export const totpUri = (username: string, secret: string) => totp.totpUri(ISSUER, username, secret);

/** The code an authenticator shows at `now` (Unix seconds): for tests and the demo. */
export const totpCode = (_username: string, secret: string, now: number) => totp.totpCode(secret, now);

/** The step a right code belongs to, else null (server/modules/totp/totp.ts). */
export const totpStep = (_username: string, secret: string, code: string, now: number) => totp.totpStep(secret, code, now);
