#!/usr/bin/env node
// npm run bench: (a) first load of Home at 412 px in Debian's Chromium against the JavaScript
// budget (170 kB compressed, no Firebase or payment SDK), (b) SaveNewOrder throughput on PGlite.
// Builds what is missing, starts the shop on a free port with a throw-away database, prints a
// table and writes bench-results/latest.json.
//   npm run bench [-- --only=load|orders] [--orders=200] [--concurrency=1,8] [--no-build]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildOutdated, REPO_ROOT } from './lib/apps.mjs';
import { freePort } from './lib/ports.mjs';
import { startStack } from './lib/stack.mjs';
import { measureFirstLoad } from './bench/first-load.mjs';
import { measureOrders } from './bench/orders.mjs';
import { kB, ms, table } from './bench/stats.mjs';

const BUDGET_BYTES = 170_000;

function option(name, fallback) {
  const arg = process.argv.slice(2).find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (!arg) return fallback;
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : true;
}

const only = option('only', null);
if (only && !['load', 'orders'].includes(only)) {
  console.error(`--only must be 'load' or 'orders' (got ${only})`);
  process.exit(2);
}
const orderCount = Number(option('orders', 200));
const concurrencies = String(option('concurrency', '1,8')).split(',').map(Number);
if (!Number.isInteger(orderCount) || orderCount < 1 || concurrencies.some((c) => !Number.isInteger(c) || c < 1)) {
  console.error('--orders and --concurrency take positive whole numbers');
  process.exit(2);
}

const result = {
  time: new Date().toISOString(),
  commit: (() => {
    try {
      return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    } catch {
      return null;
    }
  })(),
  node: process.version,
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}`,
  build: { built: [], error: null },
};

if (option('build', true) !== false && !process.argv.includes('--no-build')) {
  console.log('━━ build (what is missing)');
  try {
    result.build.built = await buildOutdated({ log: (m) => console.log(`  ${m}`) });
    if (!result.build.built.length) console.log('  all apps up to date');
  } catch (error) {
    result.build.error = String(error.message ?? error).slice(0, 2000);
    console.error(`  build failed, measuring what is built:\n${result.build.error}`);
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
const port = await freePort();
console.log(`\n━━ starting the shop on port ${port} (PGlite in ${dataDir})`);
const stack = await startStack({ port, env: { PGLITE_DIR: dataDir, LOG_LEVEL: 'warn' }, quiet: true, log: (m) => console.log(`  ${m}`) });
const baseUrl = `http://localhost:${port}`;
let failed = false;

try {
  if (only !== 'orders') {
    console.log('\n━━ (a) first load of Home, 412 px, empty cache');
    const load = await measureFirstLoad(baseUrl, { budgetBytes: BUDGET_BYTES });
    result.firstLoad = load;
    const rows = [['JavaScript file', 'app', 'raw', load.serverCompresses ? 'sent' : 'gzip -9']];
    for (const f of load.files) rows.push([f.path.length > 58 ? `…${f.path.slice(-57)}` : f.path, f.app, `${kB(f.bytes)} kB`, `${kB(f.compressed)} kB`]);
    rows.push(['total', `${load.totals.files} files`, `${kB(load.totals.bytes)} kB`, `${kB(load.totals.compressed)} kB`]);
    console.log(table(rows));
    console.log(`\n  ${load.browser}; compression: ${load.compression}`);
    console.log(`  apps loaded: ${load.apps.join(', ')}`);
    for (const [sdk, found] of Object.entries(load.sdks)) {
      const note = found.loaded
        ? `LOADED (${[...found.byUrl, ...found.byContent].map((u) => new URL(u).pathname).join(', ')})`
        : `not loaded${found.wordMentionedIn.length ? ` (the word appears in ${found.wordMentionedIn.length} file(s), no SDK code)` : ''}`;
      console.log(`  ${sdk.padEnd(8)} SDK: ${note}`);
    }
    console.log(
      `  timing: DOMContentLoaded ${ms(load.timing.domContentLoadedMs)} ms, load ${ms(load.timing.loadMs)} ms, FCP ${ms(load.timing.firstContentfulPaintMs)} ms (local, unthrottled)`,
    );
    if (!load.homeRendered) console.log('  WARNING: Home rendered no text');
    if (load.pageErrors.length) console.log(`  page errors:\n    ${load.pageErrors.join('\n    ')}`);
    if (load.failedRequests.length) console.log(`  failed requests:\n    ${load.failedRequests.slice(0, 10).join('\n    ')}`);
    console.log(
      `\n  budget ${kB(BUDGET_BYTES)} kB compressed JavaScript, no Firebase/Stripe/PayPal SDK: ${load.pass ? 'PASS' : 'FAIL'} ` +
        `(${kB(load.totals.compressed)} kB${load.withinBudget ? '' : ' — over budget'})`,
    );
    if (!load.pass) failed = true;
  }

  if (only !== 'load') {
    console.log(`\n━━ (b) SaveNewOrder, ${orderCount} orders per run, over HTTP`);
    const orders = await measureOrders(baseUrl, { repoRoot: REPO_ROOT, orders: orderCount, concurrencies });
    result.orders = orders;
    const rows = [['concurrency', 'orders', 'orders/s', 'p50', 'p95', 'p99', 'max', 'errors']];
    for (const r of orders.runs) {
      rows.push([
        r.concurrency,
        r.orders,
        r.ordersPerSecond.toFixed(1),
        `${ms(r.p50Ms)} ms`,
        `${ms(r.p95Ms)} ms`,
        `${ms(r.p99Ms)} ms`,
        `${ms(r.maxMs)} ms`,
        r.errors,
      ]);
    }
    console.log(table(rows));
    console.log(
      `  ${orders.database}; ${orders.transport}; after ${orders.warmupOrders} warm-up orders; carts at or above the takeaway minimum, cycling through ${orders.menuItems.length} food items (offer items left out)`,
    );
    for (const r of orders.runs) if (r.errors) console.log(`  first error at concurrency ${r.concurrency}: ${r.firstError}`);
    if (orders.runs.some((r) => r.errors)) failed = true;
  }
} catch (error) {
  failed = true;
  result.error = String(error.stack ?? error);
  console.error(`\nbenchmark failed: ${error.message ?? error}`);
} finally {
  await stack.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const outDir = path.join(REPO_ROOT, 'bench-results');
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, 'latest.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(`\nwritten ${path.relative(process.cwd(), path.join(outDir, 'latest.json'))}`);
process.exit(failed ? 1 : 0);
