import { act } from "react";
import { encode } from "uqr";
import { describe, expect, it, vi } from "vitest";

import { QUIET_ZONE } from "@/features/accounts/OtpauthQr";
import { TwoStepPage } from "@/features/accounts/TwoStepPage";
import type { UserInfo } from "#contract/accounts";

import { renderedRoot, showText } from "./rendered-root";

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const URI = `otpauth://totp/Trading%20PWA:qrcustomer01?secret=${SECRET}&issuer=Trading%20PWA&algorithm=SHA1&digits=6&period=30`;

vi.mock("@tanstack/react-router", () => ({
  Link: ({ children }: { children: React.ReactNode }) => <a>{children}</a>,
  useRouter: () => ({ history: { back: () => {} }, navigate: () => Promise.resolve(), invalidate: () => Promise.resolve() }),
  useCanGoBack: () => false,
}));
vi.mock("@/features/accounts/two-step-api", () => ({
  startTwoStep: () => Promise.resolve({ code: 1, msg: "", data: { secret: SECRET, otpauthUri: URI } }),
  turnOnTwoStep: () => Promise.reject(new Error("not in this test")),
  turnOffTwoStep: () => Promise.reject(new Error("not in this test")),
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const dom = renderedRoot();

/** The dark modules the SVG draws, read back from its path as a matrix of the drawn area (quiet zone included). */
function drawnMatrix(svg: SVGSVGElement): boolean[][] {
  const side = Number(svg.getAttribute("viewBox")!.split(" ")[2]);
  const matrix = Array.from({ length: side }, () => Array<boolean>(side).fill(false));
  for (const [, x, y] of svg
    .querySelector("path")!
    .getAttribute("d")!
    .matchAll(/M(\d+) (\d+)h1v1h-1z/g))
    matrix[Number(y)]![Number(x)] = true;
  return matrix;
}

describe("setting up two-step sign-in", () => {
  it("shows the otpauth link as a QR code (the package's own modules, black on a white quiet zone) with the key below it", async () => {
    showText(dom, <TwoStepPage user={{ account: "qrcustomer01", twoStep: false } as UserInfo} />);
    const setUp = [...dom.host.querySelectorAll("button")].find((button) => button.textContent === "Set up")!;
    await act(async () => setUp.click());

    const svg = dom.host.querySelector<SVGSVGElement>('[data-testid="otpauth-qr"]')!;
    expect(svg).not.toBeNull();
    const expected = encode(URI, { ecc: "M", border: 0 });
    const side = expected.size + 2 * QUIET_ZONE;
    expect(svg.getAttribute("viewBox")).toBe(`0 0 ${side} ${side}`);

    const drawn = drawnMatrix(svg);
    // every module of the code where it belongs, and nothing dark in the quiet zone around it
    const inner = drawn.slice(QUIET_ZONE, QUIET_ZONE + expected.size).map((row) => row.slice(QUIET_ZONE, QUIET_ZONE + expected.size));
    expect(inner).toEqual(expected.data);
    const darkModules = drawn.flat().filter(Boolean).length;
    expect(darkModules).toBe(expected.data.flat().filter(Boolean).length);

    // its own white square under the modules, whatever the page's (dark) colours
    const background = svg.querySelector("rect")!;
    expect([background.getAttribute("width"), background.getAttribute("height"), background.getAttribute("fill")]).toEqual([
      String(side),
      String(side),
      "#fff",
    ]);
    expect(svg.querySelector("path")!.getAttribute("fill")).toBe("#000");
    expect(svg.getAttribute("aria-label")).toBeTruthy();

    // the key to type in, after the code
    const key = dom.host.querySelector('[data-testid="totp-secret"]')!;
    expect(key.textContent).toBe(SECRET);
    expect(svg.compareDocumentPosition(key) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
