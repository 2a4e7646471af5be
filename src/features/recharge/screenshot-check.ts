/** The server's limits for a transfer screenshot, checked before a byte is sent on a slow or metered line. */
export const SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;
export const SCREENSHOT_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

export type ScreenshotProblem = "too_large" | "wrong_type";

/** Why a picked file cannot be a screenshot, or null. The server still checks the bytes themselves. */
export function screenshotProblem(file: { size: number; type: string }): ScreenshotProblem | null {
  if (!(SCREENSHOT_TYPES as readonly string[]).includes(file.type)) return "wrong_type";
  if (file.size > SCREENSHOT_MAX_BYTES) return "too_large";
  return null;
}
