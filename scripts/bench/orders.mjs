// Benchmark (b): SaveNewOrder throughput and latency over HTTP against the running API (PGlite).
// Orders are built with the same helper the API tests use (server-priced lines, fresh client ids).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { median, percentile } from './stats.mjs';

const BROWSER_ID = 'bench-browser-0000-0000-0000-000000000001';

async function loadHelpers(repoRoot) {
  const { tsImport } = await import('tsx/esm/api');
  const load = (rel) => tsImport(pathToFileURL(path.join(repoRoot, rel)).href, import.meta.url);
  const orders = await load('api/test/support/orders.ts');
  const configurator = await load('shared/src/domain/configurator.ts');
  const visibility = await load('shared/src/domain/menu-visibility.ts');
  const captcha = await load('api/test/support/captcha.ts');
  return { takeawayDraft: orders.takeawayDraft, configurator, visibility, solveCashCaptcha: captcha.solveCashCaptcha };
}

/**
 * Line specs for every food item a guest can order for takeaway without limits (no stock count,
 * not sold out, no ticket, not in-house only), configured as a guest would: start from the item's
 * initial configuration and, while a choice is missing, tap the first option of that step.
 */
export function orderableLines(menu, { initialConfig, missingChoice, toggleOption, finalSelection }, offerItemIds = new Set()) {
  const lines = [];
  for (const category of menu) {
    for (const item of category.items) {
      if (item.buyable === false || item.verkauft || (item.bestand ?? -1) !== -1 || item.ticket || item.inhouseOnly || item.withinOrderTimes === false)
        continue;
      // Offer prices come from the server's offer rules, which the test draft helper does not apply.
      if (offerItemIds.has(item.id) || item.offered || item.offerId || item.sizes.some((size) => size.offerId)) continue;
      let config = initialConfig(item);
      for (let guard = 0; guard < 12; guard++) {
        const missing = missingChoice(item, config);
        if (!missing) break;
        const option = item.extras?.variants?.[missing.stepIndex]?.options.find((o) => o.active !== false && !o.ohne);
        const change = option ? toggleOption(item, config, missing.stepIndex, option.id) : null;
        if (!change?.ok) {
          config = null;
          break;
        }
        config = change.config;
      }
      if (!config || missingChoice(item, config)) continue;
      const selection = finalSelection(config);
      lines.push({ itemId: item.id, vol: selection.vol, variantsSelected: selection.variantsSelected, stylesSelected: [...selection.stylesSelected] });
    }
  }
  return lines;
}

async function call(baseUrl, action, payload) {
  const res = await fetch(new URL('/api/action', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ action, payload, channel: 'on-the-go', browserId: BROWSER_ID, secToken: '', timeout: 10000 }),
  });
  const body = await res.json();
  return { status: res.status, body };
}

async function run(baseUrl, drafts, concurrency, solveCashCaptcha) {
  const latencies = [];
  const errors = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < drafts.length) {
      const draft = drafts[next++];
      // Paying at pickup: the guest's browser solves the human check first (a proof of work).
      const issued = await call(baseUrl, 'GetCashCaptcha', {});
      const captcha = await solveCashCaptcha(issued.body.challenge);
      const t0 = performance.now();
      const res = await call(baseUrl, 'SaveNewOrder', { order: { ...draft, captcha } });
      latencies.push(performance.now() - t0);
      if (res.status !== 200 || res.body.ok !== true || res.body.duplicate !== false) {
        errors.push(`${res.status} ${JSON.stringify(res.body.error ?? res.body).slice(0, 300)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  return {
    concurrency,
    orders: drafts.length,
    seconds,
    ordersPerSecond: drafts.length / seconds,
    // The server's pace alone: orders per second of SaveNewOrder time (without the guest's captcha work).
    saveOrdersPerSecond: latencies.length / (latencies.reduce((a, b) => a + b, 0) / 1000),
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    maxMs: Math.max(...latencies),
    errors: errors.length,
    firstError: errors[0] ?? null,
  };
}

/**
 * @param {string} baseUrl
 * @param {{ repoRoot?: string, orders?: number, concurrencies?: number[], warmup?: number }} [options]
 */
export async function measureOrders(baseUrl, { repoRoot, orders = 200, concurrencies = [1, 8], warmup = 10 } = {}) {
  const { takeawayDraft, configurator, visibility, solveCashCaptcha } = await loadHelpers(repoRoot);
  const menuRes = await call(baseUrl, 'PullFoodMenu', {});
  if (menuRes.status !== 200) throw new Error(`PullFoodMenu failed: ${menuRes.status} ${JSON.stringify(menuRes.body)}`);
  const menu = menuRes.body.menu;
  const offers = (await call(baseUrl, 'LoadCoupons', {})).body.offers ?? [];
  const appconfig = (await call(baseUrl, 'GetAppconfig', {})).body.appconfig;
  // Only what a takeaway guest of branch 1 sees now (days, order times), as the server checks it. The
  // benchmark server runs on the real clock, so the drafts are dated by it (not the tests' clock).
  const clock = visibility.shopClock(Date.now());
  const visible = visibility
    .visibleMenu(menu, { clock, mode: 'takeaway', store: 1, globalExtras: appconfig?.globalExtras })
    .map((category) => ({ ...category, items: category.items.filter((item) => visibility.withinOrderTimes(item.orderTimes ?? category.orderTimes, clock)) }));
  const lines = orderableLines(visible, configurator, new Set(offers.flatMap((o) => o.items.map((i) => i.id))));
  if (lines.length === 0) throw new Error('The food menu has no item a guest can order for takeaway now');
  const minimum = appconfig?.takeAway?.minOrderAmount ?? 0;
  // Carts cycling through every orderable item, with further lines until the takeaway minimum is met.
  const draftFor = (i) => {
    const cart = [lines[i % lines.length]];
    let draft = takeawayDraft(menu, cart, { createdAt: Date.now() });
    for (let k = 1; draft.paymentInfo.amount < minimum && k < 20; k++) {
      cart.push(lines[(i + k) % lines.length]);
      draft = takeawayDraft(menu, cart, { createdAt: Date.now() });
    }
    return draft;
  };
  const drafts = (n) => Array.from({ length: n }, (_, i) => draftFor(i));

  const warm = await run(baseUrl, drafts(warmup), 1, solveCashCaptcha);
  if (warm.errors) throw new Error(`SaveNewOrder refused the benchmark's orders: ${warm.firstError}`);
  const runs = [];
  for (const concurrency of concurrencies) runs.push(await run(baseUrl, drafts(orders), concurrency, solveCashCaptcha));

  // A long order against a short one (requirements#performance: < 5×): the same orders alternately, median of each.
  const longDraft = (i) =>
    takeawayDraft(
      menu,
      Array.from({ length: LONG_ORDER_LINES }, (_, k) => lines[(i + k) % lines.length]),
      { createdAt: Date.now() },
    );
  const shortMs = [];
  const longMs = [];
  const lineErrors = [];
  for (let i = 0; i < LINE_SAMPLES; i++) {
    for (const [list, draft] of [
      [shortMs, draftFor(i)],
      [longMs, longDraft(i)],
    ]) {
      const r = await run(baseUrl, [draft], 1, solveCashCaptcha);
      if (r.errors) lineErrors.push(r.firstError);
      list.push(r.p50Ms);
    }
  }
  const lineCost = {
    samples: LINE_SAMPLES,
    shortOrderLines: draftFor(0).orderData.length,
    longOrderLines: LONG_ORDER_LINES,
    shortMedianMs: median(shortMs),
    longMedianMs: median(longMs),
    ratio: median(longMs) / median(shortMs),
    budgetRatio: 5,
    errors: lineErrors.length,
    firstError: lineErrors[0] ?? null,
  };

  // The database's own pace: the same order rows inserted one at a time into a fresh PGlite on the same disk.
  const rawInsert = await measureRawInserts(repoRoot, await savedOrderRow(baseUrl, draftFor(0), solveCashCaptcha), RAW_INSERTS);
  const single = runs.find((r) => r.concurrency === 1) ?? runs[0];
  return {
    database: 'PGlite (embedded, on disk)',
    transport: 'HTTP, real socket',
    warmupOrders: warmup,
    menuItems: lines.map((l) => l.itemId),
    runs,
    lineCost,
    rawInsert,
    saveVsRawInsert: single ? single.saveOrdersPerSecond / rawInsert.insertsPerSecond : null,
  };
}

const LONG_ORDER_LINES = 50;
const LINE_SAMPLES = 15;
const RAW_INSERTS = 300;

/** A saved order as SaveNewOrder stores it (the document the raw inserts write). */
async function savedOrderRow(baseUrl, draft, solveCashCaptcha) {
  const issued = await call(baseUrl, 'GetCashCaptcha', {});
  const captcha = await solveCashCaptcha(issued.body.challenge);
  const res = await call(baseUrl, 'SaveNewOrder', { order: { ...draft, clientId: `${draft.clientId}-raw`, captcha } });
  if (res.status !== 200) throw new Error(`SaveNewOrder for the raw-insert sample failed: ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body.order;
}

/** Plain INSERTs of order rows (one statement each, autocommit) into a fresh, migrated PGlite database. */
async function measureRawInserts(repoRoot, order, count) {
  const { tsImport } = await import('tsx/esm/api');
  const { openDatabase } = await tsImport(pathToFileURL(path.join(repoRoot, 'api/src/db/client.ts')).href, import.meta.url);
  const { orders } = await tsImport(pathToFileURL(path.join(repoRoot, 'api/src/db/schema/index.ts')).href, import.meta.url);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-raw-'));
  const database = await openDatabase({ pgliteDir: dir });
  try {
    const row = (i) => ({
      uniqueOrderId: `raw-${i}`,
      clientId: `raw-client-${i}`,
      orderNumber: 100000 + i,
      browserId: BROWSER_ID,
      fuid: null,
      usecase: order.usecase,
      state: order.state,
      total: order.total,
      createdAt: Date.now(),
      updatedAt: Date.now(),
      data: { ...order, uniqueOrderId: `raw-${i}` },
    });
    for (let i = 0; i < 10; i++) await database.db.insert(orders).values(row(-1 - i));
    const started = performance.now();
    for (let i = 0; i < count; i++) await database.db.insert(orders).values(row(i));
    const seconds = (performance.now() - started) / 1000;
    return { database: 'PGlite (embedded, on disk, fresh folder)', rows: count, seconds, insertsPerSecond: count / seconds };
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
