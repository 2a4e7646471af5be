/**
 * Starts the update stream after the first render; its connection code loads then, off the first route's JS.
 */
export async function startUpdates(): Promise<void> {
  if (typeof EventSource === "undefined") return;
  const { startUpdateStream } = await import("./deferred/update-stream");
  startUpdateStream();
}
