import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, createElement, type ReactNode } from "react";
import { createRoot } from "react-dom/client";

import type { OperatorSelf } from "#contract/ops-answers";

import { OperatorContext } from "../../console/operator-context";

/**
 * Renders a console part as the console shows it to `operator`: English (no catalog: the source texts), inside
 * the signed-in operator's context, on a fresh element of the document. The test unmounts the root.
 */
export async function renderInConsole(node: ReactNode, operator: OperatorSelf) {
  i18n.loadAndActivate({ locale: "en", messages: {} });
  const host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  await act(async () =>
    root.render(createElement(I18nProvider, { i18n }, createElement(OperatorContext.Provider, { value: operator }, node))),
  );
  return { host, root };
}
