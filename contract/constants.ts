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
