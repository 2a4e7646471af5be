import type { VerificationState } from "../../../contract/mine";
import { apiPaths } from "../../../contract/paths";
import { call } from "../../api/client";

export const fetchVerification = () => call<VerificationState>(apiPaths.certificationState);
export const submitVerification = (name: string, idNumber: string, agree: boolean) =>
  call<VerificationState>(apiPaths.certify, { name, idNumber, agree: agree ? "1" : undefined });
