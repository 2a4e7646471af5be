import { randomBytes } from "node:crypto";
import { deflateSync } from "node:zlib";

import type { Served } from "./harness";

/** Small real images (and their evil twins) for the upload tests. */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG whose pixels are random: each call is another picture, as each transfer screenshot is (the server
 * refuses a recharge backed by bytes another recharge already used). Keep the Buffer to upload the same
 * picture twice.
 */
export function makePng(width = 4, height = 4): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = randomBytes((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) rows[y * (width * 3 + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export function makeJpeg(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from("JFIF\0\x01\x01\0\0\x01\0\x01\0\0", "latin1"),
    Buffer.alloc(64, 0x11),
    Buffer.from([0xff, 0xd9]),
  ]);
}

export function makeWebp(): Buffer {
  const payload = Buffer.concat([Buffer.from("WEBPVP8L", "latin1"), Buffer.from([10, 0, 0, 0]), Buffer.alloc(10, 0x2f)]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(payload.length);
  return Buffer.concat([Buffer.from("RIFF", "latin1"), size, payload]);
}

/** A multipart/form-data body with one file field, as a browser sends it. */
export function multipart(bytes: Buffer, filename: string, type: string): { payload: Buffer; contentType: string } {
  const boundary = `----test${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads `bytes` as the PWA's recharge form does (multipart, with the customer's token); the answer as sent. */
export async function uploadFile(h: Served, token: string, bytes = makePng(), filename = "shot.png", type = "image/png") {
  const body = multipart(bytes, filename, type);
  const response = await h.app.inject({
    method: "POST",
    url: "/api/user/uploadfile",
    headers: { token, "content-type": body.contentType },
    payload: body.payload,
  });
  return { status: response.statusCode, body: response.json() };
}
