/**
 * "Confirm each order": on for a new account, so a first tap on Up or Down never trades by surprise. There is no
 * per-user settings store on the server, so it lives on the device, one key per user (a shared phone keeps each
 * customer's own choice).
 */
const keyOf = (userId: number) => `trade-confirm-each-order:${userId}`;

export function readConfirmEachOrder(userId: number): boolean {
  try {
    return localStorage.getItem(keyOf(userId)) !== "off";
  } catch {
    return true;
  }
}

export function writeConfirmEachOrder(userId: number, on: boolean): void {
  try {
    if (on) localStorage.removeItem(keyOf(userId));
    else localStorage.setItem(keyOf(userId), "off");
  } catch {
    // storage refused (private mode): the choice lasts for this visit only
  }
}
