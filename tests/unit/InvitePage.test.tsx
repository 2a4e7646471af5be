import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act } from "react";
import { describe, expect, it, vi } from "vitest";

import { InvitePage } from "@/features/invites/InvitePage";
import type { Invitation, InviteBonusPolicy } from "#contract/invites";

import { renderedRoot } from "./rendered-root";

vi.mock("@tanstack/react-router", () => ({
  Link: ({ children }: { children: React.ReactNode }) => <a>{children}</a>,
  useRouter: () => ({ history: { back: () => {} }, navigate: () => Promise.resolve() }),
  useCanGoBack: () => false,
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const dom = renderedRoot();

function render(bonusPolicy: InviteBonusPolicy) {
  const invitation: Invitation = { code: "ABCD12", bonusPolicy, inviteeCount: 0, bonusTotal: "0.00", bonusPerInvitee: "8.00", records: [] };
  act(() =>
    dom.root.render(
      <I18nProvider i18n={i18n}>
        <InvitePage invitation={invitation} />
      </I18nProvider>,
    ),
  );
  return dom.host.querySelector("[data-testid=invite-policy]")?.textContent ?? "";
}

describe("the invite page says when the bonus is paid", () => {
  it("names the operator's policy and the bonus per friend", () => {
    expect(render("verification")).toBe("Bonus per friend: 8.00 UThe bonus is paid when your friend's real-name verification is approved.");
    expect(render("first_recharge")).toContain("once your friend's real-name verification and first recharge are both approved");
  });
});
