import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { generateMessageId } from "@lingui/message-utils/generateMessageId";
import { describe, expect, it } from "vitest";

import { errorMessages } from "#contract/catalogue";
import { translate } from "#server/http/i18n";

import { readCatalog } from "./po";

/** A catalog message rendered the way the client renders it, by its source text. */
function render(code: string, source: string, values: Record<string, unknown>) {
  const text = readCatalog(code).get(source);
  if (!text) throw new Error(`${source} missing in ${code}`);
  const i18n = setupI18n({
    locale: code === "kor" ? "ko" : code,
    messages: { [code]: { [generateMessageId(source)]: compileMessage(text) } },
  });
  i18n.activate(code);
  return i18n._(generateMessageId(source), values);
}

const DAYS = "{0, plural, one {# day} other {# days}}";
const UNREAD = "{unread, plural, one {# unread message} other {# unread messages}}";

describe("counts use plural forms", () => {
  it("one and many read right in English, German, Spanish and French", () => {
    expect(render("en", DAYS, { 0: 1 })).toBe("1 day");
    expect(render("en", DAYS, { 0: 7 })).toBe("7 days");
    expect(render("en", UNREAD, { unread: 1 })).toBe("1 unread message");
    expect(render("de", DAYS, { 0: 1 })).toBe("1 Tag");
    expect(render("de", DAYS, { 0: 30 })).toBe("30 Tage");
    expect(render("es", UNREAD, { unread: 1 })).toBe("1 mensaje no leído");
    expect(render("fr", UNREAD, { unread: 3 })).toBe("3 messages non lus");
  });

  it("languages without plural forms still show the count", () => {
    expect(render("zh", DAYS, { 0: 1 })).toBe("1 天");
    expect(render("kor", UNREAD, { unread: 2 })).toBe("읽지 않은 메시지 2개");
  });

  it("the server's lockout messages count minutes the same way", () => {
    expect(translate("en", errorMessages.login_locked, { minutes: 1 })).toBe("Too many wrong passwords, try again in 1 minute");
    expect(translate("en", errorMessages.fund_password_locked, { minutes: 15 })).toBe(
      "Too many wrong fund passwords, try again in 15 minutes",
    );
    expect(translate("de", errorMessages.login_locked, { minutes: 1 })).toBe(
      "Zu viele falsche Passwörter, bitte in 1 Minute erneut versuchen",
    );
  });
});
