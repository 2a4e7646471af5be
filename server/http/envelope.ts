import type { FastifyReply, FastifyRequest } from "fastify";

import { errorMessages, fieldLabels, type MessageDescriptor, unitWords } from "#contract/catalogue";
import { formatDecimal } from "#contract/decimal-format";
import { errorValues } from "#contract/error-status";
import { type LanguageCode, toLanguageCode } from "#contract/languages";
import { amountText, errorNumberValues } from "#contract/localized-values";

import type { AppError } from "../modules/errors";
import { translate } from "./i18n";

/** The request's language: the `lang` header, then `language`, default en. */
export function requestLanguage(request: FastifyRequest): string | undefined {
  const header = request.headers.lang ?? request.headers.language;
  return Array.isArray(header) ? header[0] : header;
}

/** The request's language as one of the ten codes: an unknown or missing one is English. */
export const languageOf = (request: FastifyRequest): LanguageCode => toLanguageCode(requestLanguage(request));

export function sendOk(
  request: FastifyRequest,
  reply: FastifyReply,
  data: unknown,
  message?: MessageDescriptor,
  extra?: Record<string, unknown>,
) {
  const msg = message ? translate(requestLanguage(request), message) : "ok";
  return reply.status(200).send({ code: 1, msg, data, ...extra });
}

/** The refusal's body: {code, msg in the request's language, err, data: null}, plus `values` for the keys that carry some. */
export function errorEnvelope(lang: string | undefined, error: AppError) {
  const values = localizedValues(lang, error);
  if (error.field) values.field = translate(lang, fieldLabels[error.field]);
  const msg = translate(lang, errorMessages[error.key], values);
  const code = error.status === 401 ? 401 : 0;
  const carried = errorValues[error.key];
  if (!carried) return { code, msg, err: error.key, data: null };
  return { code, msg, err: error.key, data: null, values: Object.fromEntries(carried.map((name) => [name, String(error.values[name])])) };
}

/**
 * The refusal's placeholder values for its text: the numbers errorNumberValues names written in the reader's
 * language (amounts grouped, with their unit), the rest as given. The `values` a client acts on stay as given.
 */
function localizedValues(lang: string | undefined, error: AppError): Record<string, string | number> {
  const kinds = errorNumberValues[error.key] ?? {};
  const language = toLanguageCode(lang);
  return Object.fromEntries(
    Object.entries(error.values).map(([name, value]) => {
      const kind = kinds[name];
      if (kind === "amount") return [name, amountText(value, language, translate(language, unitWords.coin))];
      if (kind === "decimal") return [name, formatDecimal(String(value), language)];
      return [name, typeof value === "number" ? value : String(value)];
    }),
  );
}

/** `status` overrides the key's own, for refusals the framework made with a more precise status (415, 431). */
export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError, status = error.status) {
  return reply.status(status).send(errorEnvelope(requestLanguage(request), error));
}
