/**
 * Headers for serving an uploaded file. Only the image types the upload check accepts are shown inline; any
 * other stored type (an older row, a tampered one) goes out as an opaque download, so a browser never renders
 * an upload as a page or script. The file's own CSP lets it run and load nothing even when opened directly.
 */
const INLINE_IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/webp"]);

/** `name` is the stored random name (checked by the route as hex + extension), safe inside a header. */
export function uploadHeaders(mime: string, name: string): Record<string, string> {
  const image = INLINE_IMAGE_TYPES.has(mime);
  return {
    "content-type": image ? mime : "application/octet-stream",
    "content-disposition": `${image ? "inline" : "attachment"}; filename="${name}"`,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
    "cache-control": "private, max-age=3600",
  };
}
