import { z } from "zod";

import { requestIdField } from "./fields";

/** An endpoint a push service gave the browser: https, and not so long no push service would make it. */
const endpointField = () => z.url({ error: "invalid_input" }).max(2048, { error: "invalid_input" });

/** `bytes` bytes in base64url, padded or not (browsers differ); the contract runs in the browser too, so no Buffer. */
const base64url = (bytes: number) =>
  z
    .string({ error: "invalid_input" })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: "invalid_input" })
    .refine((value) => Math.floor((value.replace(/=+$/, "").length * 3) / 4) === bytes, { error: "invalid_input" });

/** `PushSubscription.toJSON()` of the browser, as the app sends it (a JSON string in the form). */
export const pushSubscriptionShape = z.object({
  endpoint: endpointField(),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
});

export const pushSubscribeRequest = z.object({
  subscription: z
    .string({ error: "field_required" })
    .max(4096, { error: "invalid_input" })
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "invalid_input" });
        return z.NEVER;
      }
    })
    .pipe(pushSubscriptionShape),
  requestId: requestIdField().optional(),
});

export const pushUnsubscribeRequest = z.object({ endpoint: endpointField() });

export type PushSubscribeRequest = z.infer<typeof pushSubscribeRequest>;
