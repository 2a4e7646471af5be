import { call } from "@/api/client";
import { apiPaths } from "#contract/paths";

/** Sets the practice balance back to 10 000.00; once per requestId, so a doubled tap resets once. */
export const resetPracticeBalance = (input: { requestId: string }) => call(apiPaths.practiceReset, input);
