import { useSyncExternalStore } from "react";

import { isOnline, subscribeOnline } from "../offline/reachability";

/** Whether the app can reach the server: the device is online and requests are not failing for want of a network. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline);
}
