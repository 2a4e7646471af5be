import { apiPaths } from "#contract/paths";

import { AppError } from "../modules/errors";

/**
 * What a session opened with support's temporary password may still ask: who is signed in (the page that asks
 * for the new password reads it), the change itself, and logging out. A temporary password is read out over
 * the phone; until the customer has replaced it, it must not be a way to trade, move money or read the account,
 * whichever client sends the request.
 */
const OPEN_UNTIL_CHANGED = new Set<string>([apiPaths.userInfo.path, apiPaths.changeLoginPassword.path, apiPaths.logout.path]);

/** Refuses a customer request whose session still waits for a new password, unless it is one of the three above. */
export function refuseUntilPasswordChanged(path: string, mustChangePassword: boolean): void {
  if (mustChangePassword && !OPEN_UNTIL_CHANGED.has(path)) throw new AppError("password_change_required");
}
