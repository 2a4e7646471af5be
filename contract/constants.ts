/** Business constants shared by client and server. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;
export const ACCOUNT_MIN = 4;
export const ACCOUNT_MAX = 20;
export const SMS_CODE_VALID_SECONDS = 5 * 60;
export const SMS_RESEND_SECONDS = 60;
export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
/**
 * Wrong passwords for one account name from all addresses together in one window before no address may try
 * it for a window: far above one address's limit, so a stranger needs many addresses to reach it, and
 * reaching it only pauses logins (live sessions go on).
 */
export const LOGIN_ACCOUNT_FAILURE_LIMIT = 100;
export const SESSION_DAYS = 30;
export const TOAST_MS = 2000;
export const COPY_ERROR_TOAST_MS = 3000;
export const REQUEST_TIMEOUT_MS = 60_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const PENDING_DELAY_MS = 200;
export const CONTENT_MAX_WIDTH = 450;
export const TAB_BAR_HEIGHT = 50;
export const CURRENCY = "U";

/**
 * The shortest settlement time an operator may offer, in seconds: the shortest the seeded products use. A few
 * seconds is less than the time a quote takes to reach a phone, so the customer would bet on a price they
 * cannot see.
 */
export const MIN_OPTION_SECONDS = 30;
/**
 * The default of the operator's payout cap (basis points, 9500 = 0.95). A payout rate of 1 or more lets an up
 * and a down order on one tick make money without risk, so every rate stays below 1 and at most the cap.
 */
export const DEFAULT_PAYOUT_CAP_BPS = 9500;
/** Payout rates are below this (1 in basis points), whatever the cap says. */
export const PAYOUT_RATE_LIMIT_BPS = 10_000;
