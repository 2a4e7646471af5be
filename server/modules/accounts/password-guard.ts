import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_SECONDS } from "#contract/constants";

/**
 * The limits of password guessing, shared by the login and the fund password: wrong tries are counted in
 * `password_guards` (one row per user and scope: `login:<address>` or `fund`), each check under a row lock so
 * concurrent guesses see each other; the row's `since` starts the window, and the try that reaches the limit
 * restarts it as the lock's window.
 */
export const TRY_LIMIT = LOGIN_FAILURE_LIMIT;
export const TRY_WINDOW_SECONDS = LOGIN_FAILURE_WINDOW_SECONDS;

/** Whole minutes until a scope locked at `since` opens again (at least 1). */
export const minutesLeft = (since: number, now: number) => Math.max(1, Math.ceil((since + TRY_WINDOW_SECONDS - now) / 60));
