import { call } from "@/api/client";
import { showToast } from "@/ui/toast";
import type { Envelope } from "#contract/envelope";
import { apiPaths as endpoints } from "#contract/paths";
import type { ChangeLoginPasswordRequest, ChangePayPasswordRequest } from "#contract/schemas/accounts";

async function succeeded(answer: Awaited<ReturnType<typeof call>>): Promise<boolean> {
  if (answer.code === 1) showToast(answer.msg, { tone: "success" });
  return answer.code === 1;
}

export async function changeLoginPassword(input: ChangeLoginPasswordRequest): Promise<boolean> {
  return succeeded(await call(endpoints.changeLoginPassword, { ...input }));
}

/** The answer whole, so a submission can tell a lost answer from a refusal; a success is toasted. */
export async function changePayPassword(input: ChangePayPasswordRequest): Promise<Envelope<unknown>> {
  const answer = await call(endpoints.changePayPassword, { ...input });
  await succeeded(answer);
  return answer;
}
