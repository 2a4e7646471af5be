import { createHash, randomBytes, randomInt } from "node:crypto";

/** A 256-bit session token; only its hash is stored, so a leaked table holds no usable token. */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newSmsCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

// No 0/O or 1/I: codes are read aloud and typed by hand.
const INVITE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function newInviteCode(): string {
  let code = "";
  for (let i = 0; i < 6; i++) code += INVITE_ALPHABET[randomInt(0, INVITE_ALPHABET.length)];
  return code;
}
