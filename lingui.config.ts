import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

import { LANGUAGE_CODES } from "#contract/languages";

const shellFeatures = ["<rootDir>/src/features/home", "<rootDir>/src/features/markets", "<rootDir>/src/features/content/HomeContent.tsx"];
// shared components and helpers no first screen shows (only pages that wait for the "pages" catalog use them): their
// texts load with the other pages', not at start
const laterUi = [
  "<rootDir>/src/ui/CodeField.tsx",
  "<rootDir>/src/ui/CoinAmount.tsx",
  "<rootDir>/src/ui/ConfirmSheet.tsx",
  "<rootDir>/src/ui/Field.tsx",
  "<rootDir>/src/ui/FundPasswordField.tsx",
  "<rootDir>/src/ui/NavBar.tsx",
  "<rootDir>/src/ui/NeedsConnection.tsx",
  "<rootDir>/src/ui/NoCard.tsx",
  "<rootDir>/src/ui/NoData.tsx",
  "<rootDir>/src/ui/PullToRefresh.tsx",
  "<rootDir>/src/ui/Sheet.tsx",
  "<rootDir>/src/ui/StatusChip.tsx",
  "<rootDir>/src/ui/card-types.ts",
  "<rootDir>/src/ui/use-submit.ts",
  "<rootDir>/src/api/submission.ts",
];
const shellSources = [
  "<rootDir>/contract/catalogue-shell.ts",
  "<rootDir>/src/app",
  "<rootDir>/src/api",
  "<rootDir>/src/i18n",
  "<rootDir>/src/offline",
  "<rootDir>/src/ui",
  "<rootDir>/src/workers",
  ...shellFeatures,
];

// Catalogs per language for client and server alike: the server localizes error messages from it too.
export default defineConfig({
  sourceLocale: "en",
  locales: [...LANGUAGE_CODES],
  fallbackLocales: { default: "en" },
  format: formatter({ lineNumbers: false, origins: false }),
  // Two catalogs per language. "shell" holds what the first screen (Home, the tab bar, app errors) says and loads at
  // start; "pages" holds every other page's text and loads right after, before any other page renders — so the
  // first screen does not wait for the text of thirty pages it does not show.
  catalogs: [
    {
      path: "<rootDir>/locales/{locale}/shell",
      include: shellSources,
      exclude: ["**/node_modules/**", "**/locales/**", ...laterUi],
    },
    {
      path: "<rootDir>/locales/{locale}/pages",
      // the server's messages and the forms' validation texts live here too: the first screen shows neither
      include: ["<rootDir>/src/features", "<rootDir>/src/routes", "<rootDir>/contract", ...laterUi],
      exclude: ["**/node_modules/**", "**/locales/**", "**/contract/catalogue-shell.ts", ...shellFeatures],
    },
  ],
});
