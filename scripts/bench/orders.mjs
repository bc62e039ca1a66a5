// Benchmark (b): SaveNewOrder throughput and latency over HTTP against the running API (PGlite).
// Orders are built with the same helper the API tests use (server-priced lines, fresh client ids).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { percentile } from './stats.mjs';

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
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    maxMs: Math.max(...latencies),
    errors: errors.length,
    firstError: errors[0] ?? null,
  };
}

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
  return { database: 'PGlite (embedded, on disk)', transport: 'HTTP, real socket', warmupOrders: warmup, menuItems: lines.map((l) => l.itemId), runs };
}
