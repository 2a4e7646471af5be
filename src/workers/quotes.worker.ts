import type { LatestQuote } from "#contract/markets";
import { apiPaths } from "#contract/paths";

import { QuotePoller } from "./quote-poller";

/** Messages the page sends: what to watch, and whether it can be seen and is online. */
export type QuotesCommand = { type: "watch"; pids: number[] } | { type: "visible"; visible: boolean } | { type: "online"; online: boolean };

export interface QuotesReport {
  type: "quotes";
  quotes: LatestQuote[];
}

// The app is type-checked with the DOM library; this is the little of the worker scope used here.
declare const self: {
  location: Location;
  postMessage(message: QuotesReport): void;
  addEventListener(type: "message", listener: (event: MessageEvent<QuotesCommand>) => void): void;
};

const poller = new QuotePoller({
  async fetchQuotes(pids) {
    const url = new URL(apiPaths.latestQuotes.path, self.location.origin);
    url.searchParams.set("pids", pids.join(","));
    // revalidated every time: the server answers 304 (no body) while its quote snapshot is unchanged
    const response = await fetch(url, { headers: { lang: "en" }, cache: "no-cache" });
    const envelope = (await response.json()) as { code: number; data: LatestQuote[] };
    if (envelope.code !== 1) throw new Error("quotes refused");
    return envelope.data;
  },
  report(quotes) {
    self.postMessage({ type: "quotes", quotes } satisfies QuotesReport);
  },
  schedule(callback, ms) {
    const timer = setTimeout(callback, ms);
    return () => clearTimeout(timer);
  },
});

self.addEventListener("message", (event: MessageEvent<QuotesCommand>) => {
  const command = event.data;
  if (command.type === "watch") poller.watch(command.pids);
  else if (command.type === "visible") poller.setVisible(command.visible);
  else poller.setOnline(command.online);
});
