/** A shutdown that hangs (a stuck request, a database that stopped answering) must still end the process. */
const SHUTDOWN_LIMIT_MS = 30_000;

/**
 * On SIGTERM (process managers, containers) and SIGINT (Ctrl-C): run `drain` once, then exit 0; a repeated
 * signal while draining is ignored rather than cutting the drain short. Exits 1 if draining fails or takes
 * longer than the limit.
 */
export function onShutdownSignal(log: (message: string) => void, drain: () => Promise<void>): void {
  let draining = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (draining) return log(`${signal}: already shutting down`);
    draining = true;
    log(`${signal}: shutting down (no new connections; finishing requests and the job round under way)`);
    setTimeout(() => {
      log(`shutdown took longer than ${SHUTDOWN_LIMIT_MS / 1000} s; exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    drain().then(
      () => {
        log("shut down cleanly");
        process.exit(0);
      },
      (error: unknown) => {
        log(`shutdown failed: ${error instanceof Error ? error.stack : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}
