import type { NoData } from "./envelope";

/** A new authenticator secret to add to an app, not yet in force (POST /api/user/totp_setup). */
export interface TotpSetup {
  /** base32, for typing into the app by hand */
  secret: string;
  /** otpauth:// URI: a QR code of it, or a tap on the phone, adds the account to the app */
  otpauthUri: string;
}

/** One sign-in of the customer still open, as the Sessions page lists it. */
export interface SessionView {
  id: number;
  /** the browser and system in words, in the request's language ("Chrome on Android") */
  device: string;
  /** the client address it signed in from */
  address: string;
  /** Unix seconds: the sign-in */
  firstSeen: number;
  /** Unix seconds: its last request, to the minute */
  lastSeen: number;
  /** the session making this request */
  current: boolean;
}

export interface TwoFactorAnswers {
  totpSetup: TotpSetup;
  /** ten one-use recovery codes, shown this once (only their hashes are kept) */
  totpEnable: { recoveryCodes: string[] };
  totpDisable: NoData;
  sessions: SessionView[];
  /** how many sessions ended */
  sessionsEnd: { ended: number };
}
