// Benchmark (a): the first load of Home at 412 px in Debian's Chromium. Counts every JavaScript
// response, its gzip size, and whether a Firebase or payment SDK was among them.
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium.mjs';

/**
 * What marks an SDK's code (not merely the word: the shell's descriptor type has a `firebase`
 * field, the checkout names its providers).
 */
export const SDK_SIGNATURES = {
  firebase: [/FirebaseError/, /@firebase\/(app|auth|messaging|installations|util)\b/, /identitytoolkit\.googleapis\.com/, /securetoken\.googleapis\.com/],
  stripe: [/https:\/\/js\.stripe\.com/, /@stripe\/(stripe-js|react-stripe-js)/],
  paypal: [/paypal\.com\/sdk\/js/, /@paypal\/(paypal-js|react-paypal-js)/],
};

const isJavaScript = (response) => {
  const type = response.headers()['content-type'] ?? '';
  return response.request().resourceType() === 'script' || /javascript|ecmascript/.test(type) || /\.m?js(\?|$)/.test(new URL(response.url()).pathname);
};

/** Which app a URL belongs to: shell (/) or a remote (/mf/<remote>/<version>/). */
export function appOf(url) {
  const { pathname } = new URL(url);
  const m = /^\/mf\/([^/]+)\/([^/]+)\//.exec(pathname);
  return m ? `${m[1]}@${m[2]}` : 'shell';
}

export async function measureFirstLoad(baseUrl, { width = 412, height = 915, budgetBytes = 170_000, path = '/', storage = null } = {}) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    // A fresh profile (empty cache), a phone-sized viewport; the service worker is blocked because
    // its precache runs after the first load and is not part of it.
    const context = await browser.newContext({
      viewport: { width, height },
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
      locale: 'de-DE',
      serviceWorkers: 'block',
    });
    // A guest's local storage (a filled cart, a saved order), written before the shop's scripts run.
    if (storage) {
      await context.addInitScript((entries) => {
        for (const [key, value] of Object.entries(entries)) if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
      }, storage);
    }
    const page = await context.newPage();
    const pending = [];
    const failed = [];
    const pageErrors = [];
    page.on('pageerror', (e) => pageErrors.push(String(e)));
    page.on('requestfailed', (r) => failed.push(`${r.failure()?.errorText ?? 'failed'} ${r.url()}`));
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`HTTP ${response.status()} ${response.url()}`);
      if (!isJavaScript(response) || response.status() >= 300) return;
      pending.push(
        (async () => {
          const body = await response.body();
          const sizes = await response.request().sizes();
          const encoding = response.headers()['content-encoding'] ?? null;
          return {
            url: response.url(),
            app: appOf(response.url()),
            bytes: body.length,
            transferBody: sizes.responseBodySize,
            encoding,
            gzip9: zlib.gzipSync(body, { level: 9 }).length,
            text: body.toString('utf8'),
          };
        })(),
      );
    });

    const started = Date.now();
    await page.goto(new URL(path, baseUrl).href, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const wallMs = Date.now() - started;
    const timing = await page.evaluate(() => {
      const nav = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType('navigation')[0]);
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      return {
        domContentLoadedMs: nav ? nav.domContentLoadedEventEnd : null,
        loadMs: nav ? nav.loadEventEnd : null,
        firstContentfulPaintMs: fcp ? fcp.startTime : null,
      };
    });
    const homeText = (await page.locator('body').innerText()).replace(/\s+/g, ' ').trim();
    const files = await Promise.all(pending);
    await context.close();

    const serverCompresses = files.some((f) => f.encoding === 'gzip' || f.encoding === 'br');
    // Compressed size: what the server sent when it compresses; otherwise gzip -9 of each body.
    const compressedOf = (f) => (f.encoding === 'gzip' || f.encoding === 'br' ? f.transferBody : f.gzip9);
    const sdks = {};
    for (const [sdk, patterns] of Object.entries(SDK_SIGNATURES)) {
      const byUrl = files.filter((f) => new RegExp(sdk, 'i').test(new URL(f.url).pathname)).map((f) => f.url);
      const byContent = files.filter((f) => patterns.some((p) => p.test(f.text))).map((f) => f.url);
      const mentions = files.filter((f) => new RegExp(sdk, 'i').test(f.text)).map((f) => f.url);
      sdks[sdk] = { loaded: byUrl.length + byContent.length > 0, byUrl, byContent, wordMentionedIn: mentions };
    }
    const totals = {
      files: files.length,
      bytes: files.reduce((s, f) => s + f.bytes, 0),
      compressed: files.reduce((s, f) => s + compressedOf(f), 0),
    };
    return {
      url: new URL(path, baseUrl).href,
      viewport: { width, height },
      browser: `Chromium ${browser.version()}`,
      serverCompresses,
      compression: serverCompresses ? 'as sent by the server' : 'server does not compress: gzip level 9 of each body (zlib)',
      budgetBytes,
      pass: totals.compressed <= budgetBytes && !Object.values(sdks).some((s) => s.loaded),
      withinBudget: totals.compressed <= budgetBytes,
      totals,
      timing: { ...timing, networkIdleMs: wallMs },
      sdks,
      files: files
        .map(({ text: _text, ...f }) => ({ ...f, path: new URL(f.url).pathname, compressed: compressedOf(f) }))
        .sort((a, b) => b.compressed - a.compressed),
      apps: [...new Set(files.map((f) => f.app))].sort(),
      homeRendered: homeText.length > 0,
      homeTextSample: homeText.slice(0, 160),
      failedRequests: failed,
      pageErrors,
    };
  } finally {
    await browser.close();
  }
}
