import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { RechargePage } from "@/features/recharge/RechargePage";
import type { RechargeInfo } from "#contract/recharge";

const upload = vi.hoisted(() => ({ calls: 0, progress: null as null | ((fraction: number) => void) }));
vi.mock("@/api/upload", () => ({
  uploadFile: (_file: File, onProgress: (fraction: number) => void) => {
    upload.calls++;
    upload.progress = onProgress;
    return new Promise(() => {});
  },
}));
vi.mock("@tanstack/react-router", () => ({
  Link: ({ children, className }: { children: React.ReactNode; className?: string }) => <a className={className}>{children}</a>,
  useNavigate: () => () => Promise.resolve(),
  useRouter: () => ({ history: { back: () => {} }, navigate: () => Promise.resolve() }),
  useCanGoBack: () => false,
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const info: RechargeInfo = {
  channels: [{ id: 1, name: "Bank", type: "bank", account: "6222 0000", qr: null, note: "" }],
  minAmount: "100.00",
  notice: "",
};

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  upload.calls = 0;
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  URL.createObjectURL = () => "blob:preview";
  URL.revokeObjectURL = () => {};
  act(() =>
    root.render(
      <I18nProvider i18n={i18n}>
        <RechargePage info={info} />
      </I18nProvider>,
    ),
  );
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

async function pick(file: File) {
  const input = host.querySelector<HTMLInputElement>("#screenshot")!;
  Object.defineProperty(input, "files", { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
}
const shown = (testId: string) => host.querySelector(`[data-testid=${testId}]`)?.textContent ?? "";
const sized = (bytes: number, type: string, name = "shot.png") => {
  const file = new File(["x"], name, { type });
  Object.defineProperty(file, "size", { value: bytes });
  return file;
};

describe("the recharge screenshot picker", () => {
  it("refuses a file over 5 MB before sending it, in words", async () => {
    await pick(sized(5 * 1024 * 1024 + 1, "image/png"));
    expect(upload.calls).toBe(0);
    expect(shown("upload-problem")).toBe("This image is larger than 5 MB. Choose a smaller screenshot.");
    expect(host.querySelector(".upload-thumb")).toBeNull();
  });

  it("refuses another type before sending it", async () => {
    await pick(sized(1000, "image/gif", "shot.gif"));
    expect(upload.calls).toBe(0);
    expect(shown("upload-problem")).toBe("Only PNG, JPEG or WebP images can be uploaded.");
  });

  it("sends an accepted image, shows its thumbnail and the upload percentage", async () => {
    await pick(sized(1000, "image/webp", "shot.webp"));
    expect(upload.calls).toBe(1);
    expect(host.querySelector<HTMLImageElement>(".upload-thumb")?.src).toBe("blob:preview");
    act(() => upload.progress!(0.42));
    expect(shown("upload-percent")).toBe("Uploading 42%");
    expect(shown("upload-problem")).toBe("");
  });
});
