import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;
const COST = 16384;
const BLOCK = 8;
const KEY_LENGTH = 32;

/** scrypt with a random salt; the parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N: COST, r: BLOCK, p: 1 });
  return `scrypt$${COST}$${BLOCK}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, block, salt, expected] = stored.split("$");
  if (scheme !== "scrypt" || !cost || !block || !salt || !expected) return false;
  const expectedKey = Buffer.from(expected, "base64url");
  const key = await scrypt(password, Buffer.from(salt, "base64url"), expectedKey.length, {
    N: Number(cost),
    r: Number(block),
    p: 1,
  });
  return timingSafeEqual(key, expectedKey);
}

/**
 * The hash an unknown account name is checked against, with the parameters of every real one: a login for a
 * name that does not exist costs the same scrypt as a wrong password, so the time of the answer does not tell
 * them apart. Its password is random and thrown away; nothing can match it, nor does anything log in with it.
 */
export const UNKNOWN_ACCOUNT_HASH = "scrypt$16384$8$35nWAvUpXQx1EePoqiYiJg$tOqMf8noVIV2O11iGg4tYzF-rVkJKktTHTltSexHL8I";
