import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";
import { LANGUAGE_CODES } from "./contract/languages";

// One catalog per language for client and server alike: the server localizes error messages from it too.
export default defineConfig({
  sourceLocale: "en",
  locales: [...LANGUAGE_CODES],
  fallbackLocales: { default: "en" },
  format: formatter({ lineNumbers: false, origins: false }),
  catalogs: [
    {
      path: "<rootDir>/src/i18n/locales/{locale}/messages",
      include: ["<rootDir>/src", "<rootDir>/contract"],
      exclude: ["**/node_modules/**", "**/locales/**"],
    },
  ],
});
