import type { Db, Tx } from "../../db/client";
import { customerSignIns } from "../../db/schema";

/**
 * The device id the app sends at registration and login: a random id it made once and keeps in its own
 * storage. Anything else (missing, too long, odd characters) is recorded as none rather than refused: it is a
 * hint for the money desk, never a credential (docs/decisions.md, "What a device id can and cannot prove").
 */
export const DEVICE_ID_HEADER = "device-id";
const DEVICE_ID = /^[A-Za-z0-9-]{16,64}$/;

export const deviceIdFrom = (value: string | string[] | undefined): string | null => {
  const text = Array.isArray(value) ? value[0] : value;
  return text !== undefined && DEVICE_ID.test(text) ? text : null;
};

export interface SignInSeen {
  ip: string;
  deviceId: string | null;
}

/** Writes where a registration or login came from, in the transaction that made the session. */
export async function recordSignIn(tx: Db | Tx, userId: number, kind: "register" | "login", seen: SignInSeen, at: number) {
  await tx.insert(customerSignIns).values({ userId, kind, ip: seen.ip, deviceId: seen.deviceId, at });
}
