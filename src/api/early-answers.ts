/**
 * Answers the first screen's data requests that src/app/early-start.ts sent before the app itself arrived.
 * Each is taken once, by the first call of the same GET (path and fields, in order: the key is the path with its
 * query, as `send` writes it) with the same token and language; any other call (or a later one) goes out as usual. The answers live on `globalThis` because early-start is a separate script
 * that shares no module with the app (sharing one would make the early script wait for the app's chunks).
 */
export interface EarlyAnswer {
  token: string | null;
  language: string;
  response: Promise<Response>;
}

export type EarlyAnswers = Map<string, EarlyAnswer>;

const holder = globalThis as { earlyAnswers?: EarlyAnswers };

export function takeEarlyAnswer(path: string, token: string | null, language: string): Promise<Response> | undefined {
  const early = holder.earlyAnswers?.get(path);
  if (!early) return undefined;
  holder.earlyAnswers!.delete(path);
  return early.token === token && early.language === language ? early.response : undefined;
}
