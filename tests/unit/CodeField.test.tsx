import { describe, expect, it } from "vitest";

import { CodeField } from "@/ui/CodeField";

import { renderedRoot, showText } from "./rendered-root";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const dom = renderedRoot();
const input = () => dom.host.querySelector("input")!;

describe("the authenticator code field", () => {
  it("asks for six digits on the numeric keyboard and lets the phone offer the code it received", () => {
    const text = showText(dom, <CodeField value="" onChange={() => {}} />);
    expect(text).toContain("Authentication code");
    expect(input().inputMode).toBe("numeric");
    expect(input().autocomplete).toBe("one-time-code");
    expect(input().maxLength).toBe(6);
    expect(input().name).toBe("code");
    expect(dom.host.querySelector("label")!.htmlFor).toBe(input().id);
  });

  it("keeps a full keyboard where a recovery code (letters) is taken too, and says so", () => {
    const text = showText(dom, <CodeField value="" onChange={() => {}} recoveryCode />);
    expect(input().inputMode).toBe("text");
    expect(input().autocomplete).toBe("one-time-code");
    expect(text).toContain("recovery codes");
  });

  it("shows its error under the input, announced and tied to it", () => {
    showText(dom, <CodeField value="123456" onChange={() => {}} error="Wrong or already used authentication code" />);
    const alert = dom.host.querySelector('[role="alert"]')!;
    expect(alert.textContent).toBe("Wrong or already used authentication code");
    expect(input().getAttribute("aria-invalid")).toBe("true");
    expect(input().getAttribute("aria-describedby")).toContain(alert.id);
  });
});
