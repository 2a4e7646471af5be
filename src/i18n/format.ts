const pad = (value: number) => String(value).padStart(2, "0");

/** Unix seconds as `YYYY-MM-DD HH:mm:ss` in the device's time zone. */
export function formatDateTime(unixSeconds: number): string {
  const date = new Date(unixSeconds * 1000);
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}
