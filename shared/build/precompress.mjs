// Writes brotli (.br) and gzip (.gz) copies of an app's text assets next to them, at build time, so
// that the server sends them pre-compressed (@fastify/static `preCompressed`) without spending CPU
// per request. Only where compression saves something.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|json|svg|webmanifest|txt|xml)$/;
/** Smaller files are sent as they are: compression would not pay for its headers. */
const MIN_BYTES = 1024;

function* filesIn(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesIn(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

/** Compresses every text asset under `dir`; returns the bytes before and after (brotli). */
export function precompress(dir) {
  let raw = 0;
  let brotli = 0;
  for (const file of filesIn(dir)) {
    const content = fs.readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(content, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    const gz = zlib.gzipSync(content, { level: 9 });
    raw += content.length;
    brotli += Math.min(br.length, content.length);
    if (br.length < content.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < content.length) fs.writeFileSync(`${file}.gz`, gz);
  }
  return { raw, brotli };
}
