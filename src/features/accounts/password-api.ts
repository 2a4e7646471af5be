import { call } from "@/api/client";
import { apiPaths as endpoints } from "#contract/paths";
import type { ChangeLoginPasswordRequest, ChangePayPasswordRequest } from "#contract/schemas/accounts";

export const changeLoginPassword = (input: ChangeLoginPasswordRequest) => call(endpoints.changeLoginPassword, { ...input });

export const changePayPassword = (input: ChangePayPasswordRequest) => call(endpoints.changePayPassword, { ...input });
