import { useLingui } from "@lingui/react/macro";
import { useRouter } from "@tanstack/react-router";
import { useState } from "react";

import { switchLanguage } from "@/i18n/i18n";
import { NavBar } from "@/ui/NavBar";
import { LANGUAGE_CODES, type LanguageCode, NATIVE_NAMES, toLanguageCode } from "#contract/languages";

import { tellServerLanguage } from "./api";

/**
 * Switches the interface language at once, without a reload of the app; the choice is stored under `language`
 * and, for a signed-in customer, on the server.
 */
export function LanguagePage() {
  const { t, i18n } = useLingui();
  const current = toLanguageCode(i18n.locale);
  const [busy, setBusy] = useState(false);
  const router = useRouter();

  async function choose(code: LanguageCode) {
    setBusy(true);
    await switchLanguage(code);
    // the server writes this customer's messages in the language they read
    await tellServerLanguage(code);
    // product names, plan titles and channel texts come from the server in the request's language: pages
    // loaded before the switch load again when next shown
    await router.invalidate();
    setBusy(false);
  }

  return (
    <main className="page">
      <NavBar title={t`Language`} />
      <ul className="menu" aria-busy={busy}>
        {LANGUAGE_CODES.map((code) => (
          <li key={code}>
            <button
              type="button"
              className="menu-item"
              lang={code}
              aria-pressed={code === current}
              data-language={code}
              onClick={() => choose(code)}
            >
              <span className="menu-label">{NATIVE_NAMES[code]}</span>
              {code === current && (
                <span className="check" aria-hidden="true">
                  ✓
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </main>
  );
}
