import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act } from "react";
import { describe, expect, it, vi } from "vitest";

import { cachedLoad } from "@/offline/cached-load";
import { NoData } from "@/ui/NoData";

import { renderedRoot } from "./rendered-root";

vi.mock("@tanstack/react-router", () => ({
  Link: ({ children }: { children: React.ReactNode }) => <a>{children}</a>,
  useRouter: () => ({ history: { back: () => {} }, navigate: () => Promise.resolve(), invalidate: () => Promise.resolve() }),
  useCanGoBack: () => false,
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const dom = renderedRoot();

const shown = async (loaded: Awaited<ReturnType<typeof cachedLoad<string>>>) => {
  await act(async () =>
    dom.root.render(<I18nProvider i18n={i18n}>{loaded.data ? <p>{loaded.data}</p> : <NoData refusal={loaded.refusal} />}</I18nProvider>),
  );
  return dom.host.textContent ?? "";
};

describe("a page without data", () => {
  it("says what the server said when it refused (an unpublished item), not to check the connection", async () => {
    const loaded = await cachedLoad<string>("content:unpublished", async () => ({
      code: 0,
      msg: "Content not found",
      err: "content_not_found",
      data: null as never,
    }));
    const text = await shown(loaded);
    expect(text).toContain("Content not found");
    expect(text).not.toContain("connection");
  });

  it("blames the connection only when the server could not be reached", async () => {
    const loaded = await cachedLoad<string>("content:never-seen", async () => ({
      code: 0,
      msg: "Network error",
      err: "network_error",
      data: null as never,
    }));
    expect(await shown(loaded)).toContain("Check your connection");
  });
});
