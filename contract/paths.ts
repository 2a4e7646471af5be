/**
 * Method, path and access of every endpoint: all the client needs to call one. Kept apart from the zod
 * schemas (`endpoints.ts`) so the PWA does not ship the validator.
 */
export interface ApiPath {
  method: "GET" | "POST";
  path: string;
  auth: "none" | "user" | "ops";
}

export const apiPaths = {
  sendSms: { method: "POST", path: "/api/login/sendsms", auth: "none" },
  register: { method: "POST", path: "/api/login/reg", auth: "none" },
  login: { method: "POST", path: "/api/login/index", auth: "none" },
  logout: { method: "POST", path: "/api/login/logout", auth: "user" },
  userInfo: { method: "GET", path: "/api/user/index", auth: "user" },
  changeLoginPassword: { method: "POST", path: "/api/user/pwd_login", auth: "user" },
  changePayPassword: { method: "POST", path: "/api/user/pwd_pay", auth: "user" },
} as const satisfies Record<string, ApiPath>;
