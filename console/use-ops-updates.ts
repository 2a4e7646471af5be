import { useContext, useEffect, useRef } from "react";

import { operatorHears, type OpsTopic } from "#contract/stream";

import { OperatorContext } from "./operator-context";
import { onOpsStreamState, onOpsUpdate, opsStreamIsLive } from "./ops-updates";

/** How often a page reads again while its changes cannot arrive on the stream. */
export const OPS_POLL_MS = 15_000;
/** Events this close together make one read (a settlement batch, a burst of orders). */
const GATHER_MS = 250;

/**
 * Keeps a page current: `reload` runs when an event of one of `topics` arrives, and once each time the stream
 * opens. While the stream is not held,
 * or for a topic the operator's role does not hear (a support operator's dashboard counts recharges, but the
 * stream carries them to finance only), the page reads again every 15 s instead.
 */
export function useOpsUpdates(topics: readonly OpsTopic[], reload: () => void, kinds?: readonly string[]): void {
  const operator = useContext(OperatorContext);
  const latest = useRef(reload);
  useEffect(() => {
    latest.current = reload;
  });
  const role = operator?.role;
  const key = topics.join(",");
  const kindKey = kinds?.join(",") ?? "";
  useEffect(() => {
    if (!role || key === "") return;
    const wanted = key.split(",") as OpsTopic[];
    const heard = wanted.filter((topic) => operatorHears(role, topic));
    let gathered: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      if (gathered) return;
      gathered = setTimeout(() => {
        gathered = undefined;
        latest.current();
      }, GATHER_MS);
    };
    let poll: ReturnType<typeof setInterval> | undefined;
    const pollWhile = (live: boolean) => {
      clearInterval(poll);
      poll = !live || heard.length < wanted.length ? setInterval(() => latest.current(), OPS_POLL_MS) : undefined;
    };
    // only these kinds of event when the caller names some (the alert badge: alerts, not every order)
    const wantedKinds = kindKey === "" ? null : kindKey.split(",");
    const stopListening =
      heard.length > 0
        ? onOpsUpdate((topic, kind) => heard.includes(topic) && (!wantedKinds || wantedKinds.includes(kind)) && refresh())
        : () => {};
    const stopWatching = onOpsStreamState((live) => {
      pollWhile(live);
      // what changed between the page's last read and the stream's (re)opening came on neither: read once more
      if (live && heard.length > 0) refresh();
    });
    pollWhile(heard.length > 0 && opsStreamIsLive());
    return () => {
      stopListening();
      stopWatching();
      clearInterval(poll);
      clearTimeout(gathered);
    };
  }, [role, key, kindKey]);
}
