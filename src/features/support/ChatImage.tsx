import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";

import { fetchFile } from "@/api/fetch-file";

/**
 * A picture of the chat: a customer's files need the session's token, which an <img> cannot send, so the bytes
 * are fetched with the app's headers and shown from memory.
 */
export function ChatImage({ src }: { src: string }) {
  const { t } = useLingui();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let gone = false;
    void fetchFile({ method: "GET", path: src, auth: "user" }).then((result) => {
      if (gone || !("file" in result)) return;
      objectUrl = URL.createObjectURL(result.file);
      setUrl(objectUrl);
    });
    return () => {
      gone = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src]);
  return url ? <img className="chat-image" src={url} alt={t`Picture`} /> : <span className="record-sub">{t`Picture`}</span>;
}
