import { call } from "@/api/client";
import { apiPaths } from "#contract/paths";

/** Two-step sign-in (an authenticator app's codes) and the customer's open sessions. */
export const startTwoStep = () => call(apiPaths.totpSetup, {});
export const turnOnTwoStep = (code: string) => call(apiPaths.totpEnable, { code });
export const turnOffTwoStep = (password: string, code: string) => call(apiPaths.totpDisable, { password, code });
export const fetchSessions = () => call(apiPaths.sessions);
export const endOtherSessions = () => call(apiPaths.sessionsEnd, { all: "1" });
export const endSessionById = (id: number) => call(apiPaths.sessionsEnd, { id });
