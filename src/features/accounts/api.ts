import { call } from "@/api/client";
import { endSession, startSession } from "@/api/session";
import { showToast } from "@/ui/toast";
import type { SessionAnswer } from "#contract/accounts";
import { apiPaths as endpoints } from "#contract/paths";
import type { LoginRequest, RegisterRequest } from "#contract/schemas/accounts";

async function openSession(answer: Awaited<ReturnType<typeof call<SessionAnswer>>>) {
  if (answer.code !== 1) return false;
  startSession(answer.data.token, answer.data.user);
  showToast(answer.msg, { tone: "success" });
  return true;
}

export async function logIn(input: LoginRequest): Promise<boolean> {
  return openSession(await call<SessionAnswer>(endpoints.login, { ...input }));
}

export async function register(input: RegisterRequest): Promise<boolean> {
  return openSession(await call<SessionAnswer>(endpoints.register, { ...input }));
}

export async function sendSmsCode(phone: string): Promise<boolean> {
  const answer = await call<object>(endpoints.sendSms, { phone });
  if (answer.code === 1) showToast(answer.msg, { tone: "success" });
  return answer.code === 1;
}

/** Ends the session here even when the server cannot be reached: the token is forgotten either way. */
export async function logOut(): Promise<void> {
  const answer = await call<object>(endpoints.logout, {}, { quiet: true });
  endSession();
  if (answer.code === 1) showToast(answer.msg, { tone: "success" });
}
