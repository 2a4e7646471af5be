import { useRouterState } from "@tanstack/react-router";
import { useEffect, useState } from "react";

import { PENDING_DELAY_MS } from "#contract/constants";

import { ProgressBar } from "../ui/ProgressBar";

/** Shows the top progress bar only when a navigation's loaders run longer than 200 ms. */
export function PendingBar() {
  const loading = useRouterState({ select: (state) => state.status === "pending" });
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!loading) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), PENDING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  return visible ? <ProgressBar /> : null;
}
