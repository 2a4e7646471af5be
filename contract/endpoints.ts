import type { z } from "zod";
import {
  changeLoginPasswordRequest,
  changePayPasswordRequest,
  emptyRequest,
  loginRequest,
  registerRequest,
  sendSmsRequest,
} from "./accounts";
import { type ApiPath, apiPaths } from "./paths";

/**
 * Every API path with its request schema. The server registers its routes from this table and `/api/docs`
 * is generated from it, so the documentation cannot drift from what is enforced.
 */
export interface EndpointSpec extends ApiPath {
  summary: string;
  request: z.ZodType;
}

export const endpoints = {
  sendSms: { ...apiPaths.sendSms, summary: "Send an SMS verification code", request: sendSmsRequest },
  register: { ...apiPaths.register, summary: "Register an account", request: registerRequest },
  login: { ...apiPaths.login, summary: "Log in", request: loginRequest },
  logout: { ...apiPaths.logout, summary: "Log out (revokes the token)", request: emptyRequest },
  userInfo: { ...apiPaths.userInfo, summary: "The logged-in user", request: emptyRequest },
  changeLoginPassword: { ...apiPaths.changeLoginPassword, summary: "Change the login password", request: changeLoginPasswordRequest },
  changePayPassword: { ...apiPaths.changePayPassword, summary: "Set or change the fund password", request: changePayPasswordRequest },
} satisfies Record<keyof typeof apiPaths, EndpointSpec>;
