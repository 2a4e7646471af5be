import { call } from "@/api/client";
import { deviceId } from "@/api/device-id";
import { endSession, startSession } from "@/api/session";
import { syncPushSubscription } from "@/ui/push-subscription";
import { showToast } from "@/ui/toast";
import type { SessionAnswer } from "#contract/accounts";
import { apiPaths as endpoints } from "#contract/paths";
import type { LoginRequest, RegisterRequest, ResetPasswordRequest } from "#contract/schemas/accounts";

/** The session a login or a registration opened: the token saved, the user in the store. */
export const openSession = (session: SessionAnswer) => startSession(session.token, session.user);

/** Registration and login tell the server this browser's device id (a hint for the money desk, src/api/device-id.ts). */
const deviceHeaders = (): Record<string, string> => {
  const id = deviceId();
  return id ? { "device-id": id } : {};
};

export const logIn = (input: LoginRequest) => call(endpoints.login, { ...input }, { headers: deviceHeaders() });

export const register = (input: RegisterRequest) => call(endpoints.register, { ...input }, { headers: deviceHeaders() });

export const sendSmsCode = (phone: string) => call(endpoints.sendSms, { phone });

/** A forgotten password: a code to the account's phone (the answer is the same for any number). */
export const sendResetCode = (phone: string) => call(endpoints.forgotPassword, { phone });

export const resetPassword = (input: ResetPasswordRequest) => call(endpoints.resetPassword, { ...input });

/** Ends the session here even when the server cannot be reached: the token is forgotten either way. */
export async function logOut(): Promise<void> {
  // while the session still holds: this device stops hearing of the account that leaves it
  await syncPushSubscription(false);
  const answer = await call(endpoints.logout, {}, { quiet: true });
  endSession();
  if (answer.code === 1) showToast(answer.msg, { tone: "success" });
}
