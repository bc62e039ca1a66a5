// Benchmark (c): Lighthouse mobile (its default config: a mid-range phone, simulated slow 4G and a
// 4× CPU slow-down) on the guest pages (docs/requirements.md#perf-lighthouse), each run in a fresh
// Debian Chromium profile, as two visits:
//  - first visit: a new guest, empty cache, no consent given, so the consent question shows;
//  - repeat visit: the same profile after the guest opened the page once and answered the consent
//    question (cache, service worker and the choice kept; Lighthouse resets no storage).
// The cart and checkout pages get a filled cart first, the order page a saved order (seeded through
// the shop's API): written into the origin's local storage from a page that loads nothing of the shop
// (/api/health), so the cache stays empty for the first visit.
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
  { name: 'order', path: '/Bestellung/:uniqueOrderId', withOrder: true },
];

/** The two visits every page is measured as. */
export const VISITS = ['first', 'repeat'];

/** docs/requirements.md#perf-lighthouse: each page, each visit, median of the runs. */
export const LIGHTHOUSE_BUDGETS = { performance: 95, tbtMs: 150, lcpMs: 2500, cls: 0.05 };

/** What misses the budgets in one page's medians (empty when it passes). */
export function budgetProblems(m, b = LIGHTHOUSE_BUDGETS) {
  const problems = [];
  if (!(m.performance >= b.performance)) problems.push(`performance < ${b.performance}`);
  if (!(m.tbtMs < b.tbtMs)) problems.push(`TBT ≥ ${b.tbtMs} ms`);
  if (!(m.lcpMs < b.lcpMs)) problems.push(`LCP ≥ ${b.lcpMs / 1000} s`);
  if (!(m.cls < b.cls)) problems.push(`CLS ≥ ${b.cls}`);
  return problems;
}

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

/**
 * The guest's earlier visit of the same profile: opens the page, answers the consent question
 * (statistics allowed) as a guest taps it, and waits until the page and its service worker have
 * settled, so the measured visit is the one after.
 */
async function visitAndAnswerConsent(port, url) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.getByTestId('consent-accept').click({ timeout: 30_000 });
    await page.getByTestId('consent-dialog').waitFor({ state: 'detached', timeout: 10_000 });
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page
      .evaluate(() => (navigator.serviceWorker ? Promise.race([navigator.serviceWorker.ready, new Promise((r) => setTimeout(r, 5000))]) : null))
      .catch(() => undefined);
    await page.waitForTimeout(500);
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

/**
 * A guest's saved takeaway order (paid at pickup, the human check solved as the browser does),
 * saved through the shop's API, and the local storage of the browser that saved it (its browser id
 * and last orders, as the checkout leaves them).
 */
export async function orderStorage(baseUrl, repoRoot) {
  const { tsImport } = await import('tsx/esm/api');
  const load = (rel) => tsImport(pathToFileURL(path.join(repoRoot, rel)).href, import.meta.url);
  const { takeawayDraft } = await load('api/test/support/orders.ts');
  const { solveCashCaptcha } = await load('api/test/support/captcha.ts');
  const browserId = 'bench-lighthouse-0000-0000-000000000002';
  const call = async (action, payload) => {
    const res = await fetch(new URL('/api/action', baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action, payload, channel: 'on-the-go', browserId, secToken: '', timeout: 10000 }),
    });
    const body = await res.json();
    if (res.status !== 200 || body.ok === false) throw new Error(`${action} failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    return body;
  };
  const { menu } = await call('PullFoodMenu', {});
  const appconfig = (await call('GetAppconfig', {})).appconfig;
  const minimum = appconfig?.takeAway?.minOrderAmount ?? 0;
  const lines = [...CART_LINES];
  let draft = takeawayDraft(menu, lines, { createdAt: Date.now() });
  while (draft.paymentInfo.amount < minimum && lines.length < 12) {
    lines.push(CART_LINES[lines.length % CART_LINES.length]);
    draft = takeawayDraft(menu, lines, { createdAt: Date.now() });
  }
  const { challenge } = await call('GetCashCaptcha', {});
  const captcha = await solveCashCaptcha(challenge);
  const { order } = await call('SaveNewOrder', { order: { ...draft, captcha } });
  return {
    uniqueOrderId: order.uniqueOrderId,
    storage: { 'shop:browserId': browserId, 'orders:lastOrders': JSON.stringify({ v: [order], at: Date.now() }) },
  };
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

/** One Lighthouse run of one page, as the given visit, in a fresh Chromium profile. */
export async function lighthouseRun(baseUrl, page, storage, visit = 'first') {
  const chrome = await launchChromium();
  try {
    if (storage && Object.keys(storage).length) await seedStorage(chrome.port, baseUrl, storage);
    const url = new URL(page.path, baseUrl).href;
    if (visit === 'repeat') await visitAndAnswerConsent(chrome.port, url);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // What was written above must survive. The first visit's profile is new (empty cache, no consent
      // given); the repeat visit keeps its cache, service worker and the consent answer on purpose.
      disableStorageReset: visit === 'repeat' || Boolean(storage && Object.keys(storage).length),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
    if (result.lhr.runtimeError) throw new Error(`${page.path}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return summarise(result.lhr);
  } finally {
    await chrome.kill();
  }
}

const METRICS = ['performance', 'fcpMs', 'lcpMs', 'tbtMs', 'cls', 'speedIndexMs', 'bytes', 'requests', 'scriptBytes', 'scripts', 'imageBytes'];

/** The machine's load (1-minute average) and its cores: Lighthouse's CPU figures depend on it. */
export const machineLoad = () => ({ load1: Number(os.loadavg()[0].toFixed(2)), cores: os.cpus().length });

/**
 * Lighthouse `runs` times per page and visit; the median of every metric (each metric's own median).
 * @param {string} baseUrl
 * @param {{ repoRoot?: string, runs?: number, pages?: typeof PAGES, visits?: typeof VISITS, log?: (message: string) => void }} [options]
 */
export async function measureLighthouse(baseUrl, { repoRoot, runs = 3, pages = PAGES, visits = VISITS, log = () => {} } = {}) {
  const cart = pages.some((p) => p.withCart) ? await cartStorage(baseUrl, repoRoot) : {};
  // An order can only be saved while the shop takes orders: outside its hours the order page is left out (said so).
  const order = pages.some((p) => p.withOrder)
    ? await orderStorage(baseUrl, repoRoot).catch((error) => {
        log(`order page left out: no order could be saved (${String(error.message ?? error).slice(0, 200)})`);
        return null;
      })
    : null;
  const loadBefore = machineLoad();
  const results = [];
  for (const template of pages) {
    if (template.withOrder && !order) continue;
    const page = order && template.withOrder ? { ...template, path: template.path.replace(':uniqueOrderId', order.uniqueOrderId) } : template;
    const storage = page.withCart ? cart : page.withOrder ? order.storage : null;
    for (const visit of visits) {
      const samples = [];
      for (let i = 0; i < runs; i++) {
        // Lighthouse sometimes loses its trace (NO_NAVSTART, NO_FCP on a busy machine): one more try.
        const sample = await lighthouseRun(baseUrl, page, storage, visit).catch((error) => {
          log(`${page.name} ${visit} run ${i + 1}: ${error.message} — once more`);
          return lighthouseRun(baseUrl, page, storage, visit);
        });
        sample.load1 = machineLoad().load1;
        samples.push(sample);
        log(
          `${page.name} ${visit} run ${i + 1}: performance ${sample.performance}, LCP ${Math.round(sample.lcpMs)} ms, TBT ${Math.round(sample.tbtMs)} ms, CLS ${sample.cls.toFixed(3)}, load ${sample.load1}; LCP element ${(sample.lcpElement ?? '–').slice(0, 90)}`,
        );
      }
      const medians = Object.fromEntries(METRICS.map((m) => [m, median(samples.map((s) => s[m]))]));
      const representative = samples.find((s) => s.performance === medians.performance) ?? samples[0];
      const problems = budgetProblems(medians);
      results.push({
        name: page.name,
        visit,
        path: template.path,
        pass: problems.length === 0,
        problems,
        withCart: Boolean(page.withCart),
        withOrder: Boolean(page.withOrder),
        median: medians,
        runs: samples.map(({ requestList: _list, ...s }) => s),
        lcpElement: representative.lcpElement,
        layoutShifts: representative.layoutShifts,
        bootup: representative.bootup,
        requests: representative.requestList,
      });
    }
  }
  return {
    lighthouse: '12.8.2',
    preset: 'mobile (default config: simulated slow 4G, 4× CPU slow-down)',
    runs,
    budgets: LIGHTHOUSE_BUDGETS,
    machine: { cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}`, loadBefore, loadAfter: machineLoad() },
    pages: results,
  };
}
