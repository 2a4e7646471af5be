import type { FastifyRequest } from "fastify";

/** The app-wide flood guard for API requests: per address, per minute (before the rate-limit scale). */
export const API_REQUESTS_PER_MINUTE = 600;

/**
 * The built app's files, the PWA's (/h5/) and the console's (/ops/), per address, per minute. A cold visit asks
 * for some 50 of them and the service worker's precache for about 150 more in the same minute, so under the
 * API's 600 a few customers behind one carrier-grade NAT address were refused the app itself (a 429 for a
 * chunk). They are counted apart, under a cap ten times higher: still a flood guard, for files that are
 * pre-compressed and cheap to send, and no API request can spend their count or they the API's.
 */
export const STATIC_FILES_PER_MINUTE = 6000;

const STATIC_FILE = /^\/(h5|ops)(\/|\?|$)/;
const STATIC_KEY_PREFIX = "static ";

/** The rate-limit key of a request: its address, marked when it asks for one of the built app's files. */
export function staticFileLimitKey(request: FastifyRequest): string {
  return STATIC_FILE.test(request.url) ? `${STATIC_KEY_PREFIX}${request.ip}` : request.ip;
}

export const isStaticFileKey = (key: string) => key.startsWith(STATIC_KEY_PREFIX);
