import { useCallback, useEffect, useState } from "react";

import { serverNow } from "@/api/client";
import type { FairCommitment, FairHead } from "#contract/fair";

import { compareCommitments, compareHeads, type Contradiction, readContradictions } from "./seen-record";
import { seenStore } from "./seen-store";

/**
 * The device's record of what the fairness answers showed: every answer a page receives is compared with it,
 * and the page shows every contradiction ever found here (the evidence stays until the app's data is cleared).
 */
export function useContradictions() {
  const [found, setFound] = useState<Contradiction[]>([]);
  const refresh = useCallback(async () => setFound(await readContradictions(seenStore)), []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  const checkCommitments = useCallback(
    async (shown: readonly FairCommitment[], covered: readonly number[]) => {
      const fresh = await compareCommitments(seenStore, shown, covered, Math.floor(serverNow()));
      if (fresh.length > 0) await refresh();
    },
    [refresh],
  );
  const checkHeads = useCallback(
    async (pid: number, shown: readonly FairHead[], covered: readonly number[]) => {
      const fresh = await compareHeads(seenStore, pid, shown, covered, Math.floor(serverNow()));
      if (fresh.length > 0) await refresh();
    },
    [refresh],
  );
  return { found, checkCommitments, checkHeads };
}
