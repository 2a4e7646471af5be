import { z } from "zod";

import { CARD_TYPES } from "../cards";
import { idField, moneyField, requestIdField, requiredOrInvalid, requiredText, switchField } from "./fields";
import { NAME_MAX, NOTE_MAX, translationFields } from "./localized-texts";

export const rechargeRequest = z.object({
  channelId: idField(),
  amount: moneyField(),
  screenshot: z
    .string({ error: requiredOrInvalid })
    .min(1, { error: "field_required" })
    .regex(/^\/api\/files\/[a-f0-9]{32}\.(png|jpg|webp)$/, { error: "invalid_input" }),
  requestId: requestIdField(),
});

/** operator: add (no id) or change a deposit channel */
export const channelRequest = z.object({
  id: idField().optional(),
  type: z.enum(CARD_TYPES, { error: requiredOrInvalid }),
  name: requiredText(),
  account: requiredText(),
  note: z.string({ error: "invalid_input" }).max(300).default(""),
  enabled: switchField().default(true),
  // a QR image to scan (Alipay, WeChat): a data URL of a PNG, JPEG or WebP, at most ~60 KB
  qr: z
    .string({ error: "invalid_input" })
    .max(80_000, { error: "field_too_long" })
    .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/, { error: "invalid_input" })
    .optional(),
  // a change without qr keeps the channel's QR; clearQr=1 removes it
  clearQr: switchField().default(false),
  ...translationFields("name", NAME_MAX),
  ...translationFields("note", NOTE_MAX),
});
