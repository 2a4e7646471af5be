import type { Failure } from "#contract/envelope";
import type { ApiPath } from "#contract/paths";

import { errorText } from "../i18n/catalogue";
import { reportAnswer, reportNetworkFailure } from "../offline/reachability";
import { showToast } from "../ui/toast";
import { type Fields, networkFailure, reportUnauthorized, send } from "./client";

/** A file an endpoint answered (a CSV download) and the name the server gave it. */
export interface FetchedFile {
  file: Blob;
  name: string;
}

/**
 * Fetches a file endpoint with the app's headers (its token included, which a plain link could not send): the
 * file, or the refusal's envelope, toasted and reported like any call's.
 */
export async function fetchFile(endpoint: ApiPath<string>, fields: Fields = {}): Promise<FetchedFile | Failure> {
  let response: Response;
  try {
    response = await send(endpoint, fields, {});
    reportAnswer();
  } catch {
    reportNetworkFailure();
    showToast(errorText("network_error"), { tone: "error" });
    return networkFailure();
  }
  if (response.ok && !(response.headers.get("content-type") ?? "").startsWith("application/json")) {
    const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "download";
    return { file: await response.blob(), name };
  }
  const envelope = (await response.json().catch(() => networkFailure())) as Failure;
  if (envelope.code === 401) reportUnauthorized();
  else showToast(envelope.msg, { tone: "error" });
  return envelope;
}
