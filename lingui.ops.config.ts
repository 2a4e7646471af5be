import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

// The back-office console's own small catalog, English and Simplified Chinese: operators are not customers,
// and the app's ten catalogs stay as they are. `npm run i18n:ops` extracts and compiles it. The ledger's kinds are
// worded as the customer's funds records word them (contract/funds-kinds.ts), so both sides say the same.
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "zh"],
  fallbackLocales: { default: "en" },
  format: formatter({ lineNumbers: false, origins: false }),
  catalogs: [
    {
      path: "<rootDir>/console/locales/{locale}",
      include: ["<rootDir>/console", "<rootDir>/contract/funds-kinds.ts"],
      exclude: ["**/locales/**"],
    },
  ],
});
