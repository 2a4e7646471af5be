import { encode } from "uqr";

/** The standard's quiet zone: four light modules on every side, without which a scanner may not find the code. */
export const QUIET_ZONE = 4;

/**
 * The dark modules as one SVG path, a unit square each (module x, y at "Mx yh1v1h-1z"), offset by the quiet
 * zone. One path rather than a rect per module keeps a version-10 code to one element.
 */
export function modulesPath(matrix: readonly (readonly boolean[])[]): string {
  const squares: string[] = [];
  matrix.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) squares.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`);
    }),
  );
  return squares.join("");
}

/**
 * The otpauth link as a QR code for the authenticator app to scan from another screen. Drawn black on its own
 * white square with the quiet zone, whatever the page's colours: the app's dark theme must not invert it, and
 * scanners expect dark modules on light. Error correction M (15 %) tolerates a glare on the screen.
 */
export function OtpauthQr({ uri, label }: { uri: string; label: string }) {
  const { data, size } = encode(uri, { ecc: "M", border: 0 });
  const side = size + 2 * QUIET_ZONE;
  return (
    <svg
      className="otpauth-qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
      data-testid="otpauth-qr"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={modulesPath(data)} fill="#000" />
    </svg>
  );
}
