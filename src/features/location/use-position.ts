import { useCallback, useState } from "react";

import { type Coords, roundCoord } from "#contract/location";

export type PositionState =
  | { kind: "idle" | "asking" | "denied" | "unavailable" | "timeout" | "unsupported" }
  | { kind: "got"; coords: Coords; /** metres */ accuracy: number };

/** Long enough for a phone's first fix outdoors; a minute-old fix is as good as a new one for a place. */
const OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 };

const FAILURES = { 1: "denied", 2: "unavailable", 3: "timeout" } as const;

/**
 * The device's position, asked for only when `ask` runs (a tap), so the browser's permission prompt follows
 * the customer's own action. A refusal, no fix or a timeout each end in a state the page explains.
 */
export function usePosition(): [PositionState, () => void] {
  const [state, setState] = useState<PositionState>({ kind: "idle" });
  const ask = useCallback(() => {
    if (!("geolocation" in navigator)) {
      setState({ kind: "unsupported" });
      return;
    }
    setState({ kind: "asking" });
    navigator.geolocation.getCurrentPosition(
      (position) =>
        setState({
          kind: "got",
          coords: { lat: roundCoord(position.coords.latitude), lng: roundCoord(position.coords.longitude) },
          accuracy: Math.round(position.coords.accuracy),
        }),
      (error) => setState({ kind: FAILURES[error.code as 1 | 2 | 3] ?? "unavailable" }),
      OPTIONS,
    );
  }, []);
  return [state, ask];
}
