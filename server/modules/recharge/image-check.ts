/**
 * Recognises an uploaded image by its bytes, not its name or declared type, and refuses anything that is
 * more than one clean image: data after the image's end, or markup a browser could run (a polyglot).
 */
export type ImageKind = { mime: "image/png"; ext: "png" } | { mime: "image/jpeg"; ext: "jpg" } | { mime: "image/webp"; ext: "webp" };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ACTIVE_CONTENT = /<\s*(script|html|svg|iframe|object|body)|<\?php|javascript:/i;

function pngEndsCleanly(bytes: Buffer): boolean {
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    offset += 12 + length;
    if (type === "IEND") return offset === bytes.length;
  }
  return false;
}

function jpegEndsCleanly(bytes: Buffer): boolean {
  return bytes.length > 4 && bytes[bytes.length - 2] === 0xff && bytes[bytes.length - 1] === 0xd9;
}

function webpEndsCleanly(bytes: Buffer): boolean {
  return bytes.length >= 16 && bytes.readUInt32LE(4) + 8 === bytes.length;
}

export function recogniseImage(bytes: Buffer): ImageKind | null {
  let kind: ImageKind | null = null;
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE) && pngEndsCleanly(bytes)) kind = { mime: "image/png", ext: "png" };
  else if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff && jpegEndsCleanly(bytes)) kind = { mime: "image/jpeg", ext: "jpg" };
  else if (bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP" && webpEndsCleanly(bytes))
    kind = { mime: "image/webp", ext: "webp" };
  if (!kind) return null;
  return ACTIVE_CONTENT.test(bytes.toString("latin1")) ? null : kind;
}
