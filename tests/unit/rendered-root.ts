import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, createElement, type ReactNode } from "react";
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

/** Renders `node` into the test's root with the active language's catalog; the text the root then shows. */
export function showText(dom: { host: HTMLDivElement; root: Root }, node: ReactNode): string {
  act(() => dom.root.render(createElement(I18nProvider, { i18n }, node)));
  return dom.host.textContent ?? "";
}
