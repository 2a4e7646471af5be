import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** A 256-bit session token; only its hash is stored, so a leaked table holds no usable token. */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Whether a presented secret (a header: a string, several, or none) is the expected one, in time that does not
 * depend on where they differ nor on the given length: both sides are hashed to 32 bytes first and the digests
 * compared with timingSafeEqual. An empty expected secret matches nothing.
 */
export function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== "string" || given === "" || expected === "") return false;
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
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
