import { call } from "@/api/client";
import { apiPaths } from "#contract/paths";

export const fetchInvitation = () => call(apiPaths.invitation);

/** The invitation link: the page's host with an "h5." prefix, landing on registration with the code. */
export function invitationLink(code: string, where: Pick<Location, "protocol" | "host"> = location): string {
  const host = where.host.startsWith("h5.") ? where.host : `h5.${where.host}`;
  return `${where.protocol}//${host}/h5/#/pages/login/register?code=${encodeURIComponent(code)}`;
}
