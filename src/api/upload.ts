import type { Envelope } from "#contract/envelope";
import type { UploadAnswer } from "#contract/recharge";

import { readStoredLanguage } from "../i18n/language";
import { networkFailure } from "./client";
import { readToken } from "./session";

/**
 * Uploads a file as multipart/form-data with progress (0–1); same headers and envelope as every other call.
 * XMLHttpRequest, not ky: ky reports upload progress only by streaming the request body, which Chromium allows
 * over HTTP/2 alone and Safari and Firefox not at all, so a customer behind a plain HTTP/1.1 proxy would see no
 * progress. XHR reports it everywhere.
 */
export function uploadFile(file: File, onProgress: (fraction: number) => void): Promise<Envelope<UploadAnswer>> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", new URL("/api/user/uploadfile", location.href).href);
    const language = readStoredLanguage();
    request.setRequestHeader("language", language);
    request.setRequestHeader("lang", language);
    const token = readToken();
    if (token) request.setRequestHeader("token", token);
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => {
      try {
        resolve(JSON.parse(request.responseText) as Envelope<UploadAnswer>);
      } catch {
        resolve(networkFailure() as Envelope<UploadAnswer>);
      }
    };
    request.onerror = () => resolve(networkFailure() as Envelope<UploadAnswer>);
    request.timeout = 60_000;
    request.ontimeout = request.onerror;
    const form = new FormData();
    form.append("file", file);
    request.send(form);
  });
}
