import { chmodSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import type { Db } from "../../db/client";
import { issueSetupCode } from "./service";

/** Where a start with no operator leaves the one-time setup code: in the data folder, for its owner only. */
const setupCodeFile = (dataDir: string) => join(dataDir, "ops-setup-code");

/**
 * With no operator yet, issues a setup code and writes it to the data folder with mode 0600 (never to the
 * log: logs travel to people and systems the code must not reach); answers the file's path. Once an operator
 * exists, removes a file an earlier start left and answers null.
 */
export async function prepareFirstOperator(db: Db, dataDir: string): Promise<string | null> {
  const file = setupCodeFile(dataDir);
  const code = await issueSetupCode(db);
  if (code === null) {
    rmSync(file, { force: true });
    return null;
  }
  // removed first, so the file is created afresh with this mode rather than keeping an older file's
  rmSync(file, { force: true });
  writeFileSync(file, `${code}\n`, { mode: 0o600, flag: "wx" });
  chmodSync(file, 0o600);
  return file;
}
