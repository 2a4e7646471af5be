import { useLingui } from "@lingui/react/macro";
import { useRouter } from "@tanstack/react-router";
import { type ReactNode, type TouchEvent, useRef, useState } from "react";

/** How far (px, after damping) a list must be pulled before letting go reloads it. */
export const PULL_THRESHOLD_PX = 64;

/**
 * Pull a list down from the top and let go to reload the page's data (the route's loaders run again; offline
 * they answer from the saved copy). Touch only: elsewhere the data reloads on each visit anyway.
 */
export function PullToRefresh({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const router = useRouter();
  const startY = useRef<number | null>(null);
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);

  const onTouchStart = (event: TouchEvent) => {
    startY.current = window.scrollY <= 0 && !refreshing ? event.touches[0]!.clientY : null;
  };
  const onTouchMove = (event: TouchEvent) => {
    if (startY.current === null) return;
    const distance = event.touches[0]!.clientY - startY.current;
    // half the finger's travel, capped: the list follows the finger with resistance
    setPull(distance > 0 ? Math.min(distance / 2, PULL_THRESHOLD_PX * 1.5) : 0);
  };
  const onTouchEnd = async () => {
    if (startY.current === null) return;
    startY.current = null;
    if (pull < PULL_THRESHOLD_PX) return setPull(0);
    setRefreshing(true);
    setPull(PULL_THRESHOLD_PX);
    try {
      await router.invalidate();
    } finally {
      setRefreshing(false);
      setPull(0);
    }
  };

  const label = refreshing ? t`Refreshing…` : pull >= PULL_THRESHOLD_PX ? t`Release to refresh` : pull > 0 ? t`Pull to refresh` : "";
  return (
    <div
      className="pull-area"
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={onTouchEnd}
      onTouchCancel={onTouchEnd}
      data-testid="pull-to-refresh"
    >
      <div className="pull-indicator" style={{ height: pull }} role="status" aria-live="polite">
        {label}
      </div>
      {children}
    </div>
  );
}
