/** Resolves true once the browser is back online, or false after `timeoutMs`. */
export function waitForOnline(timeoutMs: number): Promise<boolean> {
  if (navigator.onLine) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (value: boolean) => {
      clearTimeout(timer);
      window.removeEventListener("online", onOnline);
      resolve(value);
    };
    const onOnline = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    window.addEventListener("online", onOnline);
  });
}
