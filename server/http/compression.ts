import { constants as zlibConstants } from "node:zlib";

// Text on the wire is compressed, brotli when the browser takes it: a cheap phone on a weak network waits
// for bytes, not for this CPU. Quality 4 keeps on-the-fly brotli fast; images are left as they are.
export const compressOptions = {
  threshold: 1024,
  encodings: ["br", "gzip"] as Array<"br" | "gzip">,
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
};
