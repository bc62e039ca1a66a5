/** Writes .br and .gz copies of the text assets under `dir`; returns bytes before and after (brotli). */
export function precompress(dir: string): { raw: number; brotli: number };
