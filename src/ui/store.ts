import { getDefaultStore } from "jotai";

/**
 * The app's one jotai store. Components read atoms through jotai's hooks (which use this store); code outside
 * React (the API client, the quotes worker, toasts, the service worker) reads and writes through this export.
 */
export const store = getDefaultStore();
