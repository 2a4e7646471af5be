import { afterEach, describe, expect, it, vi } from "vitest";

import { copyText } from "../../src/ui/copy";
import { store } from "../../src/ui/store";
import { toastsAtom } from "../../src/ui/toast";

const lastToast = () => store.get(toastsAtom).at(-1);

afterEach(() => vi.unstubAllGlobals());

function withClipboard(clipboard: Partial<Clipboard> | undefined) {
  vi.stubGlobal("navigator", { ...navigator, clipboard });
}

describe("copy", () => {
  it("uses the Clipboard API when it is there", async () => {
    const writeText = vi.fn(async () => {});
    withClipboard({ writeText });
    expect(await copyText("22.281, 114.173")).toBe(true);
    expect(writeText).toHaveBeenCalledWith("22.281, 114.173");
    expect(lastToast()?.tone).toBe("success");
  });

  it("falls back to the copy command when the Clipboard API is missing or refuses", async () => {
    const execCommand = vi.fn(() => true);
    document.execCommand = execCommand;
    withClipboard(undefined);
    expect(await copyText("a place")).toBe(true);
    withClipboard({ writeText: () => Promise.reject(new Error("not allowed")) });
    expect(await copyText("a place")).toBe(true);
    expect(execCommand).toHaveBeenCalledTimes(2);
    expect(execCommand).toHaveBeenCalledWith("copy");
    expect(lastToast()?.tone).toBe("success");
    expect(document.querySelector("textarea")).toBeNull();
  });

  it("says the browser cannot copy when neither way works", async () => {
    document.execCommand = () => false;
    withClipboard(undefined);
    expect(await copyText("a place")).toBe(false);
    expect(lastToast()?.tone).toBe("error");
  });
});
