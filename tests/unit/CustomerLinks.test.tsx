import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { describe, expect, it, vi } from "vitest";

import { CustomerPage } from "@/features/support/CustomerPage";

vi.mock("@tanstack/react-router", () => ({
  useRouter: () => ({ history: { canGoBack: () => true, back() {} }, navigate: async () => {} }),
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe("customer service page", () => {
  it("opens each contact in its app in a new window, without handing it this page", () => {
    const container = document.createElement("div");
    document.body.append(container);
    const root = createRoot(container);
    const support = [
      { type: "email", label: "Email", value: "support@tradepwa.example" },
      { type: "telegram", label: "Telegram", value: "@tradepwa_support" },
      { type: "whatsapp", label: "WhatsApp", value: "+852 5555 0100" },
    ];
    act(() =>
      root.render(
        <I18nProvider i18n={i18n}>
          <CustomerPage info={{ name: "T", about: "", support, hours: "09:00-21:00", languages: ["en"] }} />
        </I18nProvider>,
      ),
    );
    const links = [...container.querySelectorAll<HTMLAnchorElement>("a.contact-open")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "mailto:support@tradepwa.example",
      "https://t.me/tradepwa_support",
      "https://wa.me/85255550100",
    ]);
    for (const link of links) {
      expect(link.target).toBe("_blank");
      expect(link.rel.split(" ")).toContain("noopener");
    }
    act(() => root.unmount());
    container.remove();
  });
});
