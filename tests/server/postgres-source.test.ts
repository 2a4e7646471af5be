import pg from "pg";
import { expect, it } from "vitest";

import { startTempPostgres } from "./postgres-server";

// whichever server the resolver picked (TEST_DATABASE_URL, system or npm), it answers and is thrown away whole
it("a temporary PostgreSQL answers queries and is gone after stop()", async () => {
  const postgres = await startTempPostgres();
  try {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    const { rows } = await client.query("select current_setting('server_version_num')::int as version");
    await client.end();
    expect(rows[0].version).toBeGreaterThanOrEqual(150000);
  } finally {
    postgres.stop();
  }
  const client = new pg.Client({ connectionString: postgres.url, connectionTimeoutMillis: 2000 });
  await expect(client.connect()).rejects.toThrow();
});
