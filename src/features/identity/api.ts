import { call } from "@/api/client";
import type { WithRequestId } from "@/api/submission";
import { apiPaths } from "#contract/paths";

export const fetchVerification = () => call(apiPaths.certificationState);
/** `agree` is "1" when ticked and left out otherwise, as the form sends it. */
export const submitVerification = (input: WithRequestId<{ name: string; idNumber: string; agree: "1" | undefined }>) =>
  call(apiPaths.certify, input);
