import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { type ReviewNotice, reviewNotices } from "#contract/catalogue";
import { endpoints } from "#contract/endpoints";
import { LANGUAGE_CODES, type LanguageCode } from "#contract/languages";
import { opsPaths } from "#contract/ops-paths";
import { users } from "#server/db/schema";
import { translate } from "#server/http/i18n";

import { api, freshPhone, registerUser, rid } from "./harness";
import { registrationForm } from "./registration-form";
import { residentId } from "./resident-ids";
import { type FundedUser, fundedUser, uploadPng } from "./security/funded-user";
import { anyHourMoneyPerFile, staff } from "./staff";

/**
 * The server learns the language the customer reads (at registration, at login, and when they switch it in the
 * app) and writes every inbox message in it: a German reader gets a German "Recharge rejected".
 */
const site = anyHourMoneyPerFile();

const storedLanguage = async (account: string) =>
  (await site.h.database.db.select({ language: users.language }).from(users).where(eq(users.account, account)))[0]?.language;

const login = (account: string, password: string, lang: string) => api(site.h, endpoints.login, { account, password }, { lang });

describe("the customer's language on the server", () => {
  it("is the one the app sends at registration", async () => {
    const phone = freshPhone();
    expect((await api(site.h, endpoints.sendSms, { phone })).body.code).toBe(1);
    const form = registrationForm({
      account: "langreg01",
      password: "login123",
      payPassword: "fund1234",
      phone,
      smsCode: site.h.sentSms.at(-1)!.code,
    });
    const answer = await api(site.h, endpoints.register, form, { lang: "th" });
    expect(answer.body.code, answer.body.msg).toBe(1);
    expect(await storedLanguage("langreg01")).toBe("th");
  });

  it("follows the language of each login, an unknown one leaving it as it was", async () => {
    await registerUser(site.h, "langlog01", "login123", "fund1234");
    expect(await storedLanguage("langlog01")).toBe("en");
    expect((await login("langlog01", "login123", "fr")).body.code).toBe(1);
    expect(await storedLanguage("langlog01")).toBe("fr");
    expect((await login("langlog01", "login123", "xx")).body.code).toBe(1);
    expect(await storedLanguage("langlog01")).toBe("fr");
    // a wrong password changes nothing
    expect((await login("langlog01", "wrong-pass", "de")).body.code).toBe(0);
    expect(await storedLanguage("langlog01")).toBe("fr");
  });

  it("is switched by the app's language page, to one of the ten languages only", async () => {
    const { token } = await registerUser(site.h, "langset01", "login123", "fund1234");
    for (const lang of LANGUAGE_CODES) {
      const set = await api(site.h, endpoints.setLanguage, { lang }, { token: token! });
      expect(set.body.code, set.body.msg).toBe(1);
      expect(set.body.data).toEqual({ language: lang });
      expect(await storedLanguage("langset01")).toBe(lang);
    }
    const refused = await api(site.h, endpoints.setLanguage, { lang: "klingon" }, { token: token! });
    expect(refused.body.code).toBe(0);
    expect(refused.body.err).toBe("invalid_input");
    // refused: the last one stored stays
    expect(await storedLanguage("langset01")).toBe("vi");
    expect((await api(site.h, endpoints.setLanguage, { lang: "de" })).status).toBe(401);
  });
});

describe("inbox messages the server writes", () => {
  let reader: FundedUser;
  const inbox = async () => (await api(site.h, endpoints.messages, {}, { token: reader.token })).body.data.items;
  const expectNewest = async (kind: ReviewNotice, language: LanguageCode) => {
    const [newest] = await inbox();
    expect(newest!.title, kind).toBe(translate(language, reviewNotices[kind].title));
    expect(newest!.title).not.toBe(translate("en", reviewNotices[kind].title));
  };

  beforeAll(async () => {
    reader = await fundedUser(site.h, "langread01");
  });

  const setLanguage = async (lang: LanguageCode) =>
    expect((await api(site.h, endpoints.setLanguage, { lang }, { token: reader.token })).body.code).toBe(1);

  const recharge = async () => {
    const made = await api(
      site.h,
      endpoints.recharge,
      { channelId: "1", amount: "120", screenshot: await uploadPng(site.h, reader.token), requestId: rid("lang") },
      { token: reader.token },
    );
    expect(made.body.code, made.body.msg).toBe(1);
    return String(made.body.data.id);
  };
  const withdrawal = async () => {
    const made = await api(
      site.h,
      endpoints.withdraw,
      { requestId: rid("lang"), amount: "100", cardId: String(reader.cardId), payPassword: reader.payPassword },
      { token: reader.token },
    );
    expect(made.body.code, made.body.msg).toBe(1);
    return String(made.body.data.id);
  };

  it("says a recharge was rejected in German to a German reader (and approved in Japanese to a Japanese one)", async () => {
    await setLanguage("de");
    const finance = await staff(site.h, "finance");
    const rejected = await api(
      site.h,
      opsPaths.reviewRecharge,
      { id: await recharge(), decision: "reject", reason: "Beleg unleserlich" },
      finance,
    );
    expect(rejected.body.code, rejected.body.msg).toBe(1);
    await expectNewest("recharge_rejected", "de");
    expect((await inbox())[0]!.title).toBe("Einzahlung abgelehnt");
    expect((await inbox())[0]!.body).toContain("Beleg unleserlich");
    await setLanguage("jp");
    expect((await api(site.h, opsPaths.reviewRecharge, { id: await recharge(), decision: "approve" }, finance)).body.code).toBe(1);
    await expectNewest("recharge_approved", "jp");
  });

  it("writes withdrawal outcomes in the reader's language", async () => {
    const finance = await staff(site.h, "finance");
    await setLanguage("kor");
    expect((await api(site.h, opsPaths.reviewWithdrawal, { id: await withdrawal(), decision: "approve" }, finance)).body.code).toBe(1);
    await expectNewest("withdrawal_approved", "kor");
    await setLanguage("vi");
    const reject = { id: await withdrawal(), decision: "reject", reason: "card closed" };
    expect((await api(site.h, opsPaths.reviewWithdrawal, reject, finance)).body.code).toBe(1);
    await expectNewest("withdrawal_rejected", "vi");
  });

  it("writes real-name outcomes in the reader's language", async () => {
    const support = await staff(site.h, "support");
    const certify = async (serial: number) => {
      const asked = await api(
        site.h,
        endpoints.certify,
        { name: "Lang Reader", idNumber: residentId("19900101", serial), agree: "1", requestId: rid("lang") },
        { token: reader.token },
      );
      expect(asked.body.code, asked.body.msg).toBe(1);
      return String(
        (await api(site.h, opsPaths.listVerifications, {}, support)).body.data.items.find((row) => row.account === reader.account)!.id,
      );
    };
    await setLanguage("hk");
    expect(
      (await api(site.h, opsPaths.reviewVerification, { id: await certify(211), decision: "refuse", reason: "blurred" }, support)).body
        .code,
    ).toBe(1);
    await expectNewest("verification_refused", "hk");
    await setLanguage("es");
    expect((await api(site.h, opsPaths.reviewVerification, { id: await certify(212), decision: "pass" }, support)).body.code).toBe(1);
    await expectNewest("verification_passed", "es");
  });
});
