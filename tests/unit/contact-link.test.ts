import { describe, expect, it } from "vitest";

import { contactLink } from "@/features/support/contact-link";

describe("support contacts open their apps", () => {
  it("builds mail, Telegram and WhatsApp addresses from the operator's values", () => {
    expect(contactLink("email", "support@tradepwa.example")).toBe("mailto:support@tradepwa.example");
    expect(contactLink("telegram", "@tradepwa_support")).toBe("https://t.me/tradepwa_support");
    expect(contactLink("telegram", "https://t.me/tradepwa_support")).toBe("https://t.me/tradepwa_support");
    expect(contactLink("whatsapp", "+852 5555 0100")).toBe("https://wa.me/85255550100");
    expect(contactLink("whatsapp", "https://wa.me/85255550100")).toBe("https://wa.me/85255550100");
  });

  it("gives no link for a value that does not fit its channel, or a channel it does not know", () => {
    expect(contactLink("email", "javascript:alert(1)")).toBeNull();
    expect(contactLink("email", "a@b.c?bcc=x@y.z")).toBeNull();
    expect(contactLink("telegram", "javascript:alert(1)")).toBeNull();
    expect(contactLink("telegram", "@a/../../evil")).toBeNull();
    expect(contactLink("whatsapp", "call us")).toBeNull();
    expect(contactLink("wechat", "tradepwa")).toBeNull();
  });
});
