import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach } from "vitest";

/** A React root on a fresh element in the document for each test, unmounted and removed after it. */
export function renderedRoot(): { host: HTMLDivElement; root: Root } {
  const dom = {} as { host: HTMLDivElement; root: Root };
  beforeEach(() => {
    dom.host = document.createElement("div");
    document.body.append(dom.host);
    dom.root = createRoot(dom.host);
  });
  afterEach(() => {
    act(() => dom.root.unmount());
    dom.host.remove();
  });
  return dom;
}
