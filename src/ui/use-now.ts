import { useEffect, useState } from "react";

import { serverNow } from "../api/client";

/** The server's time in seconds, re-rendering every `ms` while mounted (countdowns, quote ages). */
export function useServerNow(ms = 500): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
