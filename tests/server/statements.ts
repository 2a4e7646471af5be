import { vi } from "vitest";

import type { Harness } from "./harness";

type Method = "query" | "exec" | "transaction";

/** How many statements the server sends to its PGlite while `work` runs (calls of the client's `methods`). */
export async function countStatements(
  h: Harness,
  work: () => Promise<unknown>,
  methods: readonly Method[] = ["query", "exec"],
): Promise<number> {
  const client = (h.database.db as unknown as { $client: Record<Method, (...args: unknown[]) => unknown> }).$client;
  const spies = methods.map((name) => vi.spyOn(client, name));
  try {
    await work();
    return spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}
