// Benchmark (c): Lighthouse mobile (its default config: a mid-range phone, simulated slow 4G and a
// 4× CPU slow-down) on the guest pages of issue 11, each run in a fresh Debian Chromium profile.
// The cart and checkout pages get a filled cart first: written into the origin's local storage from
// a page that loads nothing of the shop (/api/health), so the cache stays empty.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { CHROMIUM_PATH } from '../../e2e/chromium.mjs';
import { freePort, waitForHttp } from '../lib/ports.mjs';
import { median } from './stats.mjs';

/** The flags the brief gives for Lighthouse's Chromium (no network of its own, no GPU). */
export const LIGHTHOUSE_CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
];

/** The cart every cart-dependent page is measured with: seed articles without required choices (a line missing a choice is dropped by the cart, which would move the page). */
const CART_LINES = [
  { itemId: 'tacos-al-pastor', count: 2 },
  { itemId: 'tacos-carne-asada', count: 1 },
];

export const PAGES = [
  { name: 'home', path: '/' },
  { name: 'category', path: '/SpeisenProdukte/burritos' },
  { name: 'item', path: '/Speise/burrito-classic-chicken' },
  { name: 'cart', path: '/Korb', withCart: true },
  { name: 'checkout', path: '/CheckoutTakeaway', withCart: true },
];

/** Starts Debian's Chromium with a remote-debugging port and a throw-away profile. */
async function launchChromium() {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lh-'));
  const child = spawn(CHROMIUM_PATH, [...LIGHTHOUSE_CHROME_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: 'ignore',
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  await waitForHttp(`http://127.0.0.1:${port}/json/version`, 30_000, () => !exited);
  return {
    port,
    async kill() {
      if (!exited) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await gone;
        clearTimeout(timer);
      }
      try {
        fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
      } catch {
        // Chromium's last writes to a throw-away profile; the OS cleans /tmp.
      }
    },
  };
}

/** Writes local-storage entries for `origin` through the DevTools protocol, from a page of the API only. */
async function seedStorage(port, origin, entries) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.goto(new URL('/api/health', origin).href);
    await page.evaluate((all) => {
      for (const [key, value] of Object.entries(all)) localStorage.setItem(key, value);
    }, entries);
    await page.close();
  } finally {
    await browser.close();
  }
}

/** Local storage of a guest with a filled cart (what the menu's add-to-cart stores). */
export async function cartStorage(baseUrl, repoRoot) {
  const { tsImport } = await import('tsx/esm/api');
  const { productLine } = await tsImport(pathToFileURL(path.join(repoRoot, 'api/test/support/orders.ts')).href, import.meta.url);
  const res = await fetch(new URL('/api/action', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      action: 'PullFoodMenu',
      payload: {},
      channel: 'on-the-go',
      browserId: 'bench-lighthouse-0000-0000-000000000001',
      secToken: '',
      timeout: 10000,
    }),
  });
  const { menu } = await res.json();
  const lines = CART_LINES.map((spec) => productLine(menu, spec, 'takeaway'));
  return { 'cart:items': JSON.stringify({ v: lines, at: Date.now() }) };
}

/** The numbers of one Lighthouse report this benchmark keeps. */
export function summarise(lhr) {
  const audit = (id) => lhr.audits[id];
  const resources = audit('resource-summary')?.details?.items ?? [];
  const ofType = (type) => resources.find((r) => r.resourceType === type) ?? { transferSize: 0, requestCount: 0 };
  const requests = audit('network-requests')?.details?.items ?? [];
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: audit('first-contentful-paint')?.numericValue ?? null,
    lcpMs: audit('largest-contentful-paint')?.numericValue ?? null,
    tbtMs: audit('total-blocking-time')?.numericValue ?? null,
    cls: audit('cumulative-layout-shift')?.numericValue ?? null,
    speedIndexMs: audit('speed-index')?.numericValue ?? null,
    bytes: ofType('total').transferSize,
    requests: ofType('total').requestCount,
    scriptBytes: ofType('script').transferSize,
    scripts: ofType('script').requestCount,
    imageBytes: ofType('image').transferSize,
    lcpElement: audit('largest-contentful-paint-element')?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    // Where the main thread went (bootup-time): the scripts that cost the most CPU.
    bootup: (audit('bootup-time')?.details?.items ?? []).slice(0, 6).map((item) => ({
      url: item.url,
      totalMs: Math.round(item.total),
      scriptingMs: Math.round(item.scripting),
      parseMs: Math.round(item.scriptParseCompile),
    })),
    // What moved (the layout-shifts audit): the element and its share of the CLS.
    layoutShifts: (audit('layout-shifts')?.details?.items ?? []).slice(0, 5).map((item) => ({ element: item.node?.snippet ?? null, score: item.score })),
    runWarnings: lhr.runWarnings ?? [],
    requestList: requests.map((r) => ({ url: r.url, transferSize: r.transferSize, resourceType: r.resourceType })),
  };
}

/** One Lighthouse run of one page in a fresh Chromium. */
export async function lighthouseRun(baseUrl, page, storage) {
  const chrome = await launchChromium();
  try {
    if (page.withCart) await seedStorage(chrome.port, baseUrl, storage);
    const result = await lighthouse(new URL(page.path, baseUrl).href, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // The cart written above must survive; the profile is new, so the cache is empty anyway.
      disableStorageReset: Boolean(page.withCart),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
    if (result.lhr.runtimeError) throw new Error(`${page.path}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return summarise(result.lhr);
  } finally {
    await chrome.kill();
  }
}

const METRICS = ['performance', 'fcpMs', 'lcpMs', 'tbtMs', 'cls', 'speedIndexMs', 'bytes', 'requests', 'scriptBytes', 'scripts', 'imageBytes'];

/** Lighthouse `runs` times per page; the median of every metric (each metric's own median). */
export async function measureLighthouse(baseUrl, { repoRoot, runs = 3, pages = PAGES, log = () => {} } = {}) {
  const storage = pages.some((p) => p.withCart) ? await cartStorage(baseUrl, repoRoot) : {};
  const results = [];
  for (const page of pages) {
    const samples = [];
    for (let i = 0; i < runs; i++) {
      // Lighthouse sometimes loses its trace (NO_NAVSTART, NO_FCP on a busy machine): one more try.
      const sample = await lighthouseRun(baseUrl, page, storage).catch((error) => {
        log(`${page.name} run ${i + 1}: ${error.message} — once more`);
        return lighthouseRun(baseUrl, page, storage);
      });
      samples.push(sample);
      log(
        `${page.name} run ${i + 1}: performance ${sample.performance}, LCP ${Math.round(sample.lcpMs)} ms, TBT ${Math.round(sample.tbtMs)} ms, CLS ${sample.cls.toFixed(3)}`,
      );
    }
    const medians = Object.fromEntries(METRICS.map((m) => [m, median(samples.map((s) => s[m]))]));
    const representative = samples.find((s) => s.performance === medians.performance) ?? samples[0];
    results.push({
      name: page.name,
      path: page.path,
      withCart: Boolean(page.withCart),
      median: medians,
      runs: samples.map(({ requestList: _list, ...s }) => s),
      lcpElement: representative.lcpElement,
      layoutShifts: representative.layoutShifts,
      bootup: representative.bootup,
      requests: representative.requestList,
    });
  }
  return { lighthouse: '12.8.2', preset: 'mobile (default config: simulated slow 4G, 4× CPU slow-down)', runs, pages: results };
}
