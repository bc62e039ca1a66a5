#!/usr/bin/env node
// Renders shell/public/icons/icon.svg to the PNG icons the web manifest lists (192, 512).
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';

const iconsDir = fileURLToPath(new URL('../../shell/public/icons/', import.meta.url));
const svg = fs.readFileSync(`${iconsDir}icon.svg`, 'utf8');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const size of [192, 512]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(`<html><body style="margin:0">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
  await page.screenshot({ path: `${iconsDir}icon-${size}.png`, omitBackground: true });
  await page.close();
}
await browser.close();
