import type { FastifyInstance, FastifyRequest } from "fastify";

import { successMessages } from "#contract/catalogue";
import { endpoints } from "#contract/endpoints";
import { isLanguageCode } from "#contract/languages";

import { resetPassword, sendPasswordResetCode } from "../modules/accounts/password-reset";
import { changeLoginPassword, changePayPassword, logIn, registerUser, setUserLanguage } from "../modules/accounts/service";
import { revokeSession } from "../modules/accounts/sessions";
import { sendVerificationCode, type SmsSender } from "../modules/accounts/sms";
import { toUserInfo } from "../modules/accounts/user-info";
import type { ServiceContext } from "../modules/context";
import { DEVICE_ID_HEADER, deviceIdFrom } from "../modules/customers/sign-ins";
import { unreadCount } from "../modules/inbox/service";
import { supportUnread } from "../modules/support/chat";
import { enabledTotp } from "../modules/two-factor/codes";
import { hasApprovedRecharge, practiceBalanceText } from "../modules/wallet/practice";
import { coinRateText } from "../modules/wallet/service";
import { languageOf, requestLanguage } from "./envelope";
import { translate } from "./i18n";
import { onceRoute, route } from "./routes";

/** Where a registration or login came from: address, the app's device id and the browser's user agent. */
const seenFrom = (request: FastifyRequest) => ({
  ip: request.ip,
  deviceId: deviceIdFrom(request.headers[DEVICE_ID_HEADER]),
  userAgent: request.headers["user-agent"] ?? null,
});

export function registerAccountRoutes(app: FastifyInstance, ctx: ServiceContext, sms: SmsSender, scale: number) {
  // Tighter per-IP limits where guessing or spamming is the risk.
  const perMinute = (max: number) => ({ perMinute: max * scale });
  route(
    app,
    endpoints.sendSms,
    async (input) => {
      await sendVerificationCode(ctx, sms, input.phone);
      return { data: {}, message: successMessages.sms_sent };
    },
    perMinute(5),
  );
  route(
    app,
    endpoints.register,
    async (input, { request }) => ({
      data: await registerUser(ctx, input, languageOf(request), seenFrom(request)),
      message: successMessages.registered,
    }),
    perMinute(20),
  );
  route(
    app,
    endpoints.login,
    async (input, { request }) => {
      // the app sends the language it shows on every request; an unknown one leaves the stored language alone
      const language = requestLanguage(request);
      const answer = await logIn(ctx, input, seenFrom(request), translate, isLanguageCode(language) ? language : undefined);
      return { data: answer, message: successMessages.logged_in };
    },
    perMinute(20),
  );
  // a forgotten password: per address here, per number in the service (one code a minute, five a day, one try each)
  route(
    app,
    endpoints.forgotPassword,
    async (input) => {
      await sendPasswordResetCode(ctx, sms, input.phone);
      return { data: {}, message: successMessages.reset_code_sent };
    },
    perMinute(5),
  );
  route(
    app,
    endpoints.resetPassword,
    async (input) => {
      await resetPassword(ctx, input, translate);
      return { data: {}, message: successMessages.password_reset };
    },
    perMinute(10),
  );

  route(
    app,
    endpoints.logout,
    async (_input, { token }) => {
      await revokeSession(ctx.db, token);
      return { data: {}, message: successMessages.logged_out };
    },
    perMinute(30),
  );
  // a language switch is one write of a customer's row: a loop must not hammer it
  route(app, endpoints.setLanguage, async (input, { user }) => ({ data: await setUserLanguage(ctx, user, input.lang) }), perMinute(20));
  route(app, endpoints.userInfo, async (_input, { user }) => ({
    data: {
      ...toUserInfo(user),
      coinRate: await coinRateText(ctx),
      unreadMessages: await unreadCount(ctx, user.id),
      supportUnread: await supportUnread(ctx, user.id),
      twoStep: (await enabledTotp(ctx.db, user.id)) !== null,
      practice: practiceBalanceText(user),
      recharged: await hasApprovedRecharge(ctx, user.id),
    },
  }));
  // a stolen session must not be able to guess the old login or fund password quickly
  route(
    app,
    endpoints.changeLoginPassword,
    async (input, { user, token }) => {
      await changeLoginPassword(ctx, user, token, input);
      return { data: {}, message: successMessages.done };
    },
    perMinute(10),
  );
  onceRoute(
    app,
    endpoints.changePayPassword,
    ctx,
    async (input, { user }, scoped) => {
      await changePayPassword(scoped, user, input);
      return { data: {}, message: "done" };
    },
    { ...perMinute(10), fundPassword: (input) => input.oldPayPassword },
  );
}
