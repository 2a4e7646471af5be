import { z } from "zod";

import { LANGUAGE_CODES } from "../languages";
import { SUPPORT_INBOX_VIEWS, SUPPORT_RECORD_KINDS, SUPPORT_TEXT_MAX, SUPPORT_THREAD_STATUSES } from "../support-chat";
import { idField, requestIdField, requiredText, textField } from "./fields";
import { cursorField, dateField, rangesInOrder } from "./lists";

/** A line's text, trimmed; empty is none (a line may be a picture alone). */
const lineText = () =>
  z
    .string({ error: "invalid_input" })
    .trim()
    .max(SUPPORT_TEXT_MAX, { error: "field_too_long" })
    .transform((text) => text || undefined)
    .optional();

/** A picture the customer uploaded through POST /api/user/uploadfile: the address it answered. */
const uploadedImage = () =>
  z
    .string({ error: "invalid_input" })
    .regex(/^\/api\/files\/[a-f0-9]{32}\.(png|jpg|webp)$/, { error: "invalid_input" })
    .optional();

/** A line must say something: text, a picture, or both. */
const saysSomething = (value: { text?: string; image?: string }, context: z.RefinementCtx) => {
  if (value.text === undefined && value.image === undefined)
    context.addIssue({ code: "custom", message: "field_required", path: ["text"], input: undefined });
};

/** Lines after this id (0 or absent: from the first). */
export const supportThreadRequest = z.object({
  after: z
    .string({ error: "invalid_input" })
    .regex(/^\d{1,12}$/, { error: "invalid_input" })
    .transform(Number)
    .default(0),
});

export const supportSendRequest = z
  .object({ text: lineText(), image: uploadedImage(), requestId: requestIdField() })
  .superRefine(saysSomething);

/** The customer has read every line up to this id. */
export const supportReadRequest = z.object({
  upTo: z
    .string({ error: (issue) => (issue.input === undefined ? "field_required" : "invalid_input") })
    .regex(/^\d{1,12}$/, { error: "invalid_input" })
    .transform(Number),
});

/** The inbox: which view, the status, the last line's date, a search by account, phone or user:<id>. */
export const supportThreadsRequest = z
  .object({
    cursor: cursorField(),
    view: z.enum(SUPPORT_INBOX_VIEWS, { error: "invalid_input" }).default("unassigned"),
    status: z.enum([...SUPPORT_THREAD_STATUSES, "all"], { error: "invalid_input" }).default("all"),
    since: dateField(false),
    until: dateField(true),
    q: z
      .string({ error: "invalid_input" })
      .trim()
      .max(80, { error: "field_too_long" })
      .transform((text) => text || undefined)
      .optional(),
  })
  .superRefine(rangesInOrder);

export const supportThreadForOpsRequest = z.object({ userId: idField() });

/** A record of the customer's the line links: both fields or neither. */
const recordLink = {
  recordKind: z.enum(SUPPORT_RECORD_KINDS, { error: "invalid_input" }).optional(),
  recordId: idField().optional(),
};
const linkComplete = (value: { recordKind?: string; recordId?: number }, context: z.RefinementCtx) => {
  if ((value.recordKind === undefined) !== (value.recordId === undefined))
    context.addIssue({ code: "custom", message: "field_required", path: [value.recordKind ? "recordId" : "recordKind"], input: undefined });
};

/** An operator's reply: text, a link to one of the customer's records, or both. */
export const supportReplyRequest = z
  .object({ userId: idField(), text: lineText(), ...recordLink })
  .superRefine(linkComplete)
  .superRefine((value, context) => {
    if (value.text === undefined && value.recordKind === undefined)
      context.addIssue({ code: "custom", message: "field_required", path: ["text"], input: undefined });
  });

/** An internal note: never shown to the customer. */
export const supportNoteRequest = z
  .object({ userId: idField(), text: textField(SUPPORT_TEXT_MAX), ...recordLink })
  .superRefine(linkComplete);

/** Give the thread to an operator (support or admin), or take it from everyone with no operatorId. */
export const supportAssignRequest = z.object({ userId: idField(), operatorId: idField().optional() });

/** The canned replies of one language (all languages when absent). */
export const supportCannedRequest = z.object({
  language: z.enum(LANGUAGE_CODES, { error: "invalid_input" }).optional(),
});

/** Add a canned reply (no id), change one (id), or remove one (id and remove=1). */
export const setSupportCannedRequest = z
  .object({
    id: idField().optional(),
    language: z.enum(LANGUAGE_CODES, { error: "invalid_input" }),
    title: requiredText(),
    text: textField(SUPPORT_TEXT_MAX),
    remove: z.enum(["0", "1"], { error: "invalid_input" }).optional(),
  })
  .refine((value) => value.remove !== "1" || value.id !== undefined, { error: "field_required", path: ["id"] });
