/**
 * A drawn map card with a pin: the page's picture of "a place", made here as SVG so the page sends no request
 * for map tiles (the real map opens from the links below it).
 */
export function PlaceArt() {
  return (
    <svg className="place-art" viewBox="0 0 320 120" role="presentation" aria-hidden="true" focusable="false">
      <rect width="320" height="120" rx="12" fill="#1b283c" />
      <path d="M0 84 C70 70 110 100 180 78 S290 50 320 62" stroke="#2c3d58" strokeWidth="14" fill="none" />
      <path d="M96 0 L132 120 M228 0 L204 120 M0 30 L320 40" stroke="#26344b" strokeWidth="8" fill="none" />
      <ellipse cx="160" cy="88" rx="12" ry="4" fill="#000" opacity="0.35" />
      <path d="M160 86 C160 86 136 58 136 44 A24 24 0 0 1 184 44 C184 58 160 86 160 86 Z" fill="#f0b90b" />
      <circle cx="160" cy="44" r="8" fill="#14181f" />
    </svg>
  );
}
