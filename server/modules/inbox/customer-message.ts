import { eq } from "drizzle-orm";

import { type MessageDescriptor, unitWords } from "#contract/catalogue";
import { amountText } from "#contract/localized-values";

import type { Tx } from "../../db/client";
import { messages, users } from "../../db/schema";

/** Renders a message in a language; the HTTP layer supplies it from the shared catalogs. */
export type Translate = (language: string, descriptor: MessageDescriptor, values?: Record<string, string | number>) => string;

/**
 * Writes one system message to a customer's inbox in the language they read (stored on the server whenever they
 * choose one), inside the caller's transaction: the message exists exactly when the change it tells of does.
 * `extra` renders more lines under the body in the same language. Answers the message's id for its event.
 */
export async function writeCustomerMessage(
  tx: Tx,
  translate: Translate,
  message: {
    userId: number;
    /** what kind of message it is ("system" unless said): the app may show it with a way to act on it */
    type?: string;
    title: MessageDescriptor;
    body: MessageDescriptor;
    values: Record<string, string>;
    now: number;
    extra?: (language: string) => string | null;
    /** amounts in cash as the API's decimal strings, written in the customer's language with the unit ("1.234,50 U") */
    amounts?: Record<string, string>;
    /** values that are words themselves, rendered in the customer's language */
    languageValues?: (language: string) => Record<string, string>;
  },
): Promise<number> {
  const [user] = await tx.select({ language: users.language }).from(users).where(eq(users.id, message.userId));
  const language = user?.language ?? "en";
  const extra = message.extra?.(language);
  const coinWord = translate(language, unitWords.coin);
  const amounts = Object.fromEntries(
    Object.entries(message.amounts ?? {}).map(([name, decimal]) => [name, amountText(decimal, language, coinWord)]),
  );
  const values = { ...message.values, ...amounts, ...message.languageValues?.(language) };
  const body = translate(language, message.body, values) + (extra ? `\n${extra}` : "");
  const [row] = await tx
    .insert(messages)
    .values({
      userId: message.userId,
      type: message.type ?? "system",
      title: translate(language, message.title),
      body,
      createdAt: message.now,
    })
    .returning({ id: messages.id });
  return row!.id;
}
