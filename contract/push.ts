import type { MessageDescriptor } from "./catalogue";

/**
 * Web Push: the server's public VAPID key (the browser's `applicationServerKey`), a device's subscription, and
 * the notice the service worker shows. The job leader sends a notice for an order's result or void, a review
 * decision and a support reply, in the customer's stored language.
 */

/** The public VAPID key, base64url (65 bytes, uncompressed P-256 point). */
export interface PushKey {
  publicKey: string;
}

/** What the push paths answer, by path name (contract/paths.ts). */
export interface PushAnswers {
  pushKey: PushKey;
  pushSubscribe: { subscribed: true };
  /** false: this device had no subscription stored (already gone, or never made) */
  pushUnsubscribe: { removed: boolean };
}

/** The JSON body of a push message: what sw/sw.ts shows, and where a tap leads. */
export interface PushNotice {
  title: string;
  body: string;
  /** one per cause: a later notice with the same tag replaces the one on screen */
  tag: string;
  /** a hash route of the app (`#/pages/user/orderdetail?id=12`) */
  url: string;
}

/** Where a tap on a notice leads, by what it is about. */
export const PUSH_PAGES = {
  order: (orderId: number) => `#/pages/user/orderdetail?id=${orderId}`,
  recharge: "#/pages/user/rechargerecord",
  withdrawal: "#/pages/user/cashrecord",
  verification: "#/pages/user/auth",
  support: "#/pages/customer/customer",
} as const;

/** The texts of notices that have no inbox message to reuse. */
export const pushTexts = {
  order_won: /*i18n*/ { id: "push.order_won", message: "Order won · {product}" },
  order_lost: /*i18n*/ { id: "push.order_lost", message: "Order lost · {product}" },
  order_tie: /*i18n*/ { id: "push.order_tie", message: "Order tied · {product}" },
  order_settled_body: /*i18n*/ { id: "push.order_settled_body", message: "Order {orderId} has settled. Tap to see the result." },
  order_void: /*i18n*/ { id: "push.order_void", message: "Order void · {product}" },
  order_void_body: /*i18n*/ {
    id: "push.order_void_body",
    message: "Order {orderId} is void: its stake and fee have been returned.",
  },
  review_body: /*i18n*/ { id: "push.review_body", message: "Tap to see the record." },
  support_reply: /*i18n*/ { id: "push.support_reply", message: "Customer service replied" },
} satisfies Record<string, MessageDescriptor>;
