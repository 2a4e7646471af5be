import { I18nProvider } from "@lingui/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

import { ResultCards } from "@/features/trading/ResultCards";
import { i18n } from "@/i18n/i18n";

/**
 * The settled-order cards get a root of their own beside the app's: they show over every route, and load after
 * the first render with the stream that feeds them, so the first screen's code carries none of it.
 */
export function mountResultCards(): void {
  const host = document.createElement("div");
  document.body.append(host);
  createRoot(host).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <ResultCards />
      </I18nProvider>
    </StrictMode>,
  );
}
