import { z } from "zod";
import { requiredText } from "./fields";
import type { EndpointSpec } from "./endpoints";

/** Operator API: its own token in the `ops-token` header; `npm run ops -- …` is its client. */
export const opsEndpoints = {
  smsOutbox: { method: "GET", path: "/api/ops/sms", summary: "SMS outbox for a phone, newest first", request: z.object({ phone: requiredText() }), auth: "ops" },
  showUser: { method: "GET", path: "/api/ops/user", summary: "Show a user by account", request: z.object({ account: requiredText() }), auth: "ops" },
  unlockUser: { method: "POST", path: "/api/ops/unlock", summary: "Unlock an account locked by wrong passwords", request: z.object({ account: requiredText() }), auth: "ops" },
} satisfies Record<string, EndpointSpec>;

const decimalText = () => z.string({ error: "field_required" }).regex(/^\d{1,12}(\.\d{1,2})?$/, { error: "invalid_input" });
const rateText = () => z.string({ error: "field_required" }).regex(/^0(\.\d{1,4})?$|^1(\.0{1,4})?$/, { error: "invalid_input" });

export const opsProductEndpoints = {
  listProducts: { method: "GET", path: "/api/ops/products", summary: "Products with their ticket settings", request: z.object({}), auth: "ops" },
  setProductTrading: {
    method: "POST",
    path: "/api/ops/product/trading",
    summary: "Open (enabled=1) or close (enabled=0) a product for trading",
    request: z.object({ pid: requiredText(), enabled: z.enum(["0", "1"], { error: "invalid_input" }) }),
    auth: "ops",
  },
  setProductOptions: {
    method: "POST",
    path: "/api/ops/product/options",
    summary: "Replace a product's settlement options: seconds:payoutRate:min:max, comma separated",
    request: z.object({
      pid: requiredText(),
      options: z.string({ error: "field_required" }).regex(/^\d{1,5}:[01](\.\d{1,4})?:\d{1,12}(\.\d{1,2})?:\d{1,12}(\.\d{1,2})?(,\d{1,5}:[01](\.\d{1,4})?:\d{1,12}(\.\d{1,2})?:\d{1,12}(\.\d{1,2})?){0,9}$/, { error: "invalid_input" }),
    }),
    auth: "ops",
  },
  setProductLimits: {
    method: "POST",
    path: "/api/ops/product/limits",
    summary: "Set a product's fee rate and position limits",
    request: z.object({ pid: requiredText(), feeRate: rateText(), singleMin: decimalText(), singleMax: decimalText(), totalMax: decimalText() }),
    auth: "ops",
  },
} satisfies Record<string, EndpointSpec>;
