import { z } from "zod";
import { requiredText } from "./fields";
import type { EndpointSpec } from "./endpoints";

/** Operator API: its own token in the `ops-token` header; `npm run ops -- …` is its client. */
export const opsEndpoints = {
  smsOutbox: { method: "GET", path: "/api/ops/sms", summary: "SMS outbox for a phone, newest first", request: z.object({ phone: requiredText() }), auth: "ops" },
  showUser: { method: "GET", path: "/api/ops/user", summary: "Show a user by account", request: z.object({ account: requiredText() }), auth: "ops" },
  unlockUser: { method: "POST", path: "/api/ops/unlock", summary: "Unlock an account locked by wrong passwords", request: z.object({ account: requiredText() }), auth: "ops" },
} satisfies Record<string, EndpointSpec>;
