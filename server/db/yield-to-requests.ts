/**
 * Lets pending I/O (HTTP requests above all) run before the next step of a long job. PGlite answers a query
 * without ever leaving the microtask queue, so a job that only awaits queries would otherwise hold the event
 * loop for as long as it runs.
 */
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));
