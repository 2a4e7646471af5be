import "./console.css";

import { I18nProvider } from "@lingui/react";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

import { router } from "./ConsoleRouter";
import { activateLanguage, i18n, storedLanguage } from "./i18n";

// The back-office console: its own entry, chunks and catalog, served at /ops/ (the customer app is at /h5/).
activateLanguage(storedLanguage());

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>
  </StrictMode>,
);
