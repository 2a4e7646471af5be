/**
 * What decorates each quote row: the product's glyph and its last hour as a line. A chunk of its own, requested
 * as the shell starts (see QuoteList) and drawn as soon as it is there, so Home's first load stays in budget.
 */
import type { Market, Sparklines } from "#contract/markets";

import { fetchSparklines } from "./api";

/** Currency signs and colours of the pairs' two discs; another currency gets its first letter and a grey. */
const CURRENCIES: Record<string, [string, string]> = {
  EUR: ["€", "#2f62c9"],
  USD: ["$", "#23865a"],
  GBP: ["£", "#b8323f"],
  JPY: ["¥", "#c0392b"],
};

const letter = (text: string, x: number, y: number, size: number) => (
  <text x={x} y={y} textAnchor="middle" fontSize={size} fontWeight="700" fill="#fff" fontFamily="system-ui, sans-serif">
    {text}
  </text>
);

function disc(code: string, cx: number, cy: number) {
  const [sign, colour] = CURRENCIES[code] ?? [code.slice(0, 1), "#5b6678"];
  return (
    <>
      <circle cx={cx} cy={cy} r="8.5" fill={colour} stroke="#182233" strokeWidth="1.5" />
      {letter(sign, cx, cy + 4, 11)}
    </>
  );
}

function glyph(market: Market, code: string) {
  switch (market) {
    case "forex":
      return (
        <>
          {disc(code.slice(0, 3), 10, 10)}
          {disc(code.slice(3, 6), 18, 18)}
        </>
      );
    case "metals":
      // a bar seen from the front: gold, or silver for any other metal
      return (
        <>
          <path d="M3 21h22l-4.5-10h-13z" fill={code.startsWith("XAU") ? "#d9a520" : "#aeb7c4"} />
          <path d="M8.5 11h11l1.3 3H7.2z" fill="#fff" opacity=".35" />
        </>
      );
    case "futures":
      // crude oil is a drop; another future a rising line
      return code === "CL" ? (
        <path d="M14 3c5 6.5 8 10.5 8 14.5a8 8 0 0 1-16 0C6 13.5 9 9.5 14 3z" fill="#3a4458" stroke="#9aa7bd" strokeWidth="1.5" />
      ) : (
        <>
          <rect x="2" y="2" width="24" height="24" rx="7" fill="#2a3a57" />
          <path d="M6 19l5-6 4 3 7-8" fill="none" stroke="#7fb2ff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </>
      );
    case "stocks":
      return (
        <>
          <rect x="2" y="2" width="24" height="24" rx="7" fill="#34466a" />
          {letter(code.slice(0, 1), 14, 18.5, 13)}
        </>
      );
    case "crypto":
      return (
        <>
          <circle cx="14" cy="14" r="12" fill={code.startsWith("BTC") ? "#e8930c" : "#6577cf"} />
          <circle cx="14" cy="14" r="9" fill="none" stroke="#fff" strokeOpacity=".45" />
          {letter(code.slice(0, 1), 14, 18.5, 12)}
        </>
      );
  }
}

/** A product's glyph, drawn here as inline SVG (no image requests): its market, and the asset where it is known. */
export function AssetIcon({ market, code }: { market: Market; code: string }) {
  return (
    <svg className="asset-icon" width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" data-glyph={market}>
      {glyph(market, code)}
    </svg>
  );
}

const WIDTH = 56;
const HEIGHT = 24;

/** The last hour's prices as a line, coloured by the hour's direction; nothing is drawn from fewer than two points. */
export function Sparkline({ points }: { points: number[] }) {
  if (points.length < 2) return <span className="spark" />;
  const low = Math.min(...points);
  const span = Math.max(...points) - low || 1;
  const line = points.map(
    (p, i) => `${((i * WIDTH) / (points.length - 1)).toFixed(1)},${(HEIGHT - 2 - ((p - low) / span) * (HEIGHT - 4)).toFixed(1)}`,
  );
  const rising = points.at(-1)! >= points[0]!;
  return (
    <svg
      className={`spark spark-${rising ? "up" : "down"}`}
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      aria-hidden="true"
    >
      <polyline points={line.join(" ")} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}

/** The lines themselves, or null when they could not be read (the rows then go without). */
export async function loadSparklines(): Promise<Sparklines | null> {
  const answer = await fetchSparklines();
  return answer.code === 1 ? answer.data : null;
}
