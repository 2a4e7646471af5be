/**
 * A random id this browser keeps in its own storage and sends at registration and login, so the money desk sees
 * several accounts opened on one device. It proves nothing: clearing site data, a private window or another
 * browser makes a new one, and anyone can send any value. It is a hint for a person's eye, never a credential.
 */
const KEY = "device-id";
const SHAPE = /^[A-Za-z0-9-]{16,64}$/;

export function deviceId(): string | null {
  try {
    const kept = localStorage.getItem(KEY);
    if (kept && SHAPE.test(kept)) return kept;
    // getRandomValues works outside a secure context too (randomUUID does not)
    const made = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
    localStorage.setItem(KEY, made);
    return made;
  } catch {
    // storage refused (a locked-down browser): the request goes without one
    return null;
  }
}
