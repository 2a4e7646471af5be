import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

// The back-office console's own small catalog, English and Simplified Chinese: operators are not customers,
// and the app's ten catalogs stay as they are. `npm run i18n:ops` extracts and compiles it.
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "zh"],
  fallbackLocales: { default: "en" },
  format: formatter({ lineNumbers: false, origins: false }),
  catalogs: [{ path: "<rootDir>/console/locales/{locale}", include: ["<rootDir>/console"], exclude: ["**/locales/**"] }],
});
