#!/usr/bin/env node
// Headless Chromium screenshots for looking at pages as a guest would:
//   node e2e/tools/screenshot.mjs <url> <out.png> [width=412] [--full] [--click=selector]... [--ask-consent]
// The privacy choice is made beforehand ('Nur notwendige') unless --ask-consent shows the first visit's dialog.
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';

const [url, out, widthArg] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const full = process.argv.includes('--full');
const clicks = process.argv.filter((a) => a.startsWith('--click=')).map((a) => a.slice(8));
const width = Number(widthArg ?? 412);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width, height: width < 600 ? 915 : 900 }, deviceScaleFactor: 1 });
if (!process.argv.includes('--ask-consent')) {
  await page.addInitScript(() => {
    const key = 'shell:privacyConsent';
    const at = Date.now() - 60_000;
    if (localStorage.getItem(key) === null) localStorage.setItem(key, JSON.stringify({ v: { statistics: false, decidedAt: at }, at }));
  });
}
const errors = [];
page.on('pageerror', (e) => errors.push(String(e)));
page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
await page.goto(url, { waitUntil: 'networkidle' });
for (const selector of clicks) {
  await page.click(selector);
  await page.waitForLoadState('networkidle');
}
await page.waitForTimeout(400);
await page.screenshot({ path: out, fullPage: full });
if (errors.length) console.log('page errors:\n' + errors.join('\n'));
await browser.close();
