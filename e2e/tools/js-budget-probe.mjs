import { chromium } from '@playwright/test';
import zlib from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 412, height: 915 } });
const sizes = [];
page.on('response', async (r) => {
  if (!r.url().endsWith('.js')) return;
  try {
    const b = await r.body();
    sizes.push([r.url().replace(/^https?:\/\/[^/]+/, ''), b.length, zlib.gzipSync(b, { level: 9 }).length]);
  } catch {
    // A response without a body (a redirect, an aborted request) has no size to count.
  }
});
await page.goto(process.argv[2], { waitUntil: 'networkidle' });
await page.waitForTimeout(500);
sizes.sort((a, b) => b[2] - a[2]);
for (const [u, raw, gz] of sizes) console.log(String(gz).padStart(7), String(raw).padStart(8), u);
console.log(
  'TOTAL gzip',
  sizes.reduce((s, x) => s + x[2], 0),
  'raw',
  sizes.reduce((s, x) => s + x[1], 0),
);
await browser.close();
