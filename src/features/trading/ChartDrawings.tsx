import { useLingui } from "@lingui/react/macro";
import { type PointerEvent, useEffect, useRef, useState } from "react";

import { type Drawing, type DrawingKind, loadDrawings, MAX_DRAWINGS, movedDrawing, newDrawingId, saveDrawings } from "./drawings";
import type { PointOf, ValueAt } from "./KlineChart";

interface Props {
  pid: number;
  /** the tool chosen above the chart: the next tap (a line) or two taps (a trend line) draw with it */
  tool: DrawingKind | null;
  onToolDone: () => void;
  pointOf: PointOf;
  valueAt: ValueAt;
}

type Part = "line" | "from" | "to";
interface Drag {
  id: string;
  part: Part;
  start: { time: number; price: number };
  moved: boolean;
}

const COLOR = "#f0b90b";

/**
 * The customer's lines over the chart, kept per product on the device: a horizontal line at a price and a trend
 * line between two points. With a tool chosen, a tap on the plot draws (two taps for a trend line); a drag moves
 * a line (or a trend line's end); a tap on a line selects it and shows its delete button.
 */
export function ChartDrawings({ pid, tool, onToolDone, pointOf, valueAt }: Props) {
  const { t } = useLingui();
  const [drawings, setDrawings] = useState<Drawing[] | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [pending, setPending] = useState<{ time: number; price: number } | null>(null);
  const drag = useRef<Drag | null>(null);
  const box = useRef<SVGSVGElement>(null);

  useEffect(() => {
    let current = true;
    void loadDrawings(pid).then((saved) => current && setDrawings(saved));
    return () => {
      current = false;
    };
  }, [pid]);
  useEffect(() => setPending(null), [tool]);

  const keep = (next: Drawing[]) => {
    const kept = next.slice(-MAX_DRAWINGS);
    setDrawings(kept);
    void saveDrawings(pid, kept);
  };
  const local = (event: PointerEvent) => {
    const rect = box.current!.getBoundingClientRect();
    return valueAt(event.clientX - rect.left, event.clientY - rect.top);
  };

  function place(event: PointerEvent) {
    const at = local(event);
    if (!at || !drawings) return;
    event.stopPropagation();
    if (tool === "hline") {
      keep([...drawings, { id: newDrawingId(), kind: "hline", price: at.price }]);
      onToolDone();
    } else if (tool === "trend" && !pending) {
      setPending(at);
    } else if (tool === "trend" && pending) {
      keep([...drawings, { id: newDrawingId(), kind: "trend", from: pending, to: at }]);
      setPending(null);
      onToolDone();
    }
  }

  function grab(event: PointerEvent, id: string, part: Part) {
    const at = local(event);
    if (!at || tool) return;
    event.stopPropagation();
    (event.target as Element).setPointerCapture?.(event.pointerId);
    drag.current = { id, part, start: at, moved: false };
  }
  function move(event: PointerEvent) {
    const held = drag.current;
    const at = held && local(event);
    if (!held || !at || !drawings) return;
    held.moved = true;
    const changed = drawings.map((d) =>
      d.id === held.id ? movedDrawing(d, held.part, at.time - held.start.time, at.price - held.start.price) : d,
    );
    held.start = at;
    setDrawings(changed);
  }
  function release() {
    const held = drag.current;
    drag.current = null;
    if (!held || !drawings) return;
    if (held.moved) void saveDrawings(pid, drawings);
    else setSelected((current) => (current === held.id ? null : held.id));
  }

  const width = box.current?.clientWidth ?? 0;
  const lines = (drawings ?? []).flatMap((drawing): Array<{ drawing: Drawing; x1: number; y1: number; x2: number; y2: number }> => {
    if (drawing.kind === "hline") {
      const y = pointOf(0, drawing.price)?.[1];
      return y === undefined ? [] : [{ drawing, x1: 8, y1: y, x2: Math.max(8, width - 72), y2: y }];
    }
    const from = pointOf(drawing.from.time, drawing.from.price);
    const to = pointOf(drawing.to.time, drawing.to.price);
    return from && to ? [{ drawing, x1: from[0], y1: from[1], x2: to[0], y2: to[1] }] : [];
  });
  const chosen = lines.find((line) => line.drawing.id === selected);

  return (
    <>
      <svg
        className={`tr-drawings${tool ? " tr-drawings-placing" : ""}`}
        ref={box}
        data-testid="chart-drawings"
        data-count={drawings?.length ?? 0}
        onPointerDown={tool ? place : undefined}
        onPointerMove={move}
        onPointerUp={release}
        onPointerCancel={release}
      >
        {lines.map(({ drawing, x1, y1, x2, y2 }) => (
          <g key={drawing.id} data-testid="chart-drawing" data-kind={drawing.kind} data-selected={drawing.id === selected || undefined}>
            {/* a wide invisible stroke under the line: a finger finds it */}
            <line x1={x1} y1={y1} x2={x2} y2={y2} className="tr-drawing-hit" onPointerDown={(event) => grab(event, drawing.id, "line")} />
            <line x1={x1} y1={y1} x2={x2} y2={y2} stroke={COLOR} strokeWidth={drawing.id === selected ? 2 : 1.4} pointerEvents="none" />
            {drawing.kind === "trend" &&
              (["from", "to"] as const).map((end) => (
                <circle
                  key={end}
                  cx={end === "from" ? x1 : x2}
                  cy={end === "from" ? y1 : y2}
                  r={drawing.id === selected ? 7 : 4}
                  fill={COLOR}
                  className="tr-drawing-end"
                  onPointerDown={(event) => grab(event, drawing.id, end)}
                />
              ))}
          </g>
        ))}
        {pending &&
          (() => {
            const at = pointOf(pending.time, pending.price);
            return at && <circle cx={at[0]} cy={at[1]} r={5} fill="none" stroke={COLOR} strokeWidth={2} />;
          })()}
      </svg>
      {chosen && (
        <button
          type="button"
          className="tr-chip tr-drawing-delete"
          style={{
            left: `clamp(8px, ${(chosen.x1 + chosen.x2) / 2 - 15}px, calc(100% - 110px))`,
            top: `${Math.max(28, (chosen.y1 + chosen.y2) / 2 - 40)}px`,
          }}
          aria-label={chosen.drawing.kind === "hline" ? t`Delete the horizontal line` : t`Delete the trend line`}
          data-testid="drawing-delete"
          onClick={() => {
            keep((drawings ?? []).filter((d) => d.id !== chosen.drawing.id));
            setSelected(null);
          }}
        >
          ×
        </button>
      )}
      {tool === "trend" && (
        <span className="tr-chart-note tr-drawing-hint">{pending ? t`Tap where the line ends` : t`Tap where the line starts`}</span>
      )}
      {tool === "hline" && <span className="tr-chart-note tr-drawing-hint">{t`Tap the price for the line`}</span>}
    </>
  );
}
