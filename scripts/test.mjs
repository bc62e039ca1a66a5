#!/usr/bin/env node
// npm test: format check, lint, type checks, unit and API tests (vitest), the build of every app, and the Playwright
// e2e suite in Debian's Chromium. API tests also run against PostgreSQL when TEST_DATABASE_URL is
// set (.ci/run sets it), and the Redis event-bus test when REDIS_URL is set.
import { spawn } from 'node:child_process';
import path from 'node:path';
import fs from 'node:fs';
import readline from 'node:readline';
import { REPO_ROOT } from './lib/apps.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { ensureNginx } from './lib/cluster.mjs';

// A tool's entry file inside its installed package (workspaces hoist every tool to the root). Not through
// require.resolve('<pkg>/package.json'): packages with an "exports" map (knip) do not export it.
function bin(pkg, file) {
  const entry = path.join(REPO_ROOT, 'node_modules', pkg, file);
  if (!fs.existsSync(entry)) {
    console.error(`${pkg} is not installed (${entry} is missing): run npm install first.`);
    process.exit(1);
  }
  return entry;
}
const timings = [];
/** The child processes running now (a failure stops the other lane's). */
const running = new Set();

/**
 * Runs one step as a child process. Inside a lane running beside another, every line it prints carries
 * the step's tag, so that the two lanes' output can be told apart.
 */
function run(label, args, tag) {
  return new Promise((resolve) => {
    console.log(`\n━━ ${label}${tag ? ` [${tag}]` : ''}`);
    const started = Date.now();
    const child = spawn(process.execPath, args, { stdio: tag ? ['ignore', 'pipe', 'pipe'] : 'inherit', cwd: REPO_ROOT, env: process.env });
    running.add(child);
    if (tag)
      for (const stream of [child.stdout, child.stderr]) readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${tag}] ${line}`));
    child.on('close', (code, signal) => {
      running.delete(child);
      timings.push([label, Date.now() - started, code === 0]);
      if (code !== 0) {
        console.error(`\n✗ ${label} failed (${signal ?? `exit code ${code}`})`);
        finish(code || 1);
      }
      resolve();
    });
  });
}

/** Steps one after another. */
async function lane(steps, tag) {
  for (const [label, args] of steps) await run(label, args, tag);
}

function finish(code) {
  for (const child of running) child.kill('SIGTERM');
  console.log('\n━━ summary');
  for (const [label, ms, ok] of timings) console.log(`  ${ok ? '✓' : '✗'} ${label.padEnd(34)} ${(ms / 1000).toFixed(1)} s`);
  console.log(`  total ${((Date.now() - suiteStarted) / 60_000).toFixed(1)} min`);
  if (!process.env.TEST_DATABASE_URL) console.log('  (PostgreSQL runs and the cluster fault tests skipped: TEST_DATABASE_URL is not set)');
  process.exit(code);
}

/** A program from Debian's packages the suite needs (installed as root when missing), or a clear stop. */
function requireProgram(label, ensure) {
  console.log(`━━ ${label}`);
  try {
    console.log(`  using ${ensure()}`);
  } catch (error) {
    console.error(`  ${error.message}`);
    process.exit(1);
  }
}

requireProgram('chromium', ensureChromium);
// The cluster fault tests (api/test/cluster-faults.test.ts) run the production topology: instances behind nginx on PostgreSQL.
if (process.env.TEST_DATABASE_URL) requireProgram('nginx', ensureNginx);
const suiteStarted = Date.now();
// The checks and the build use one core each (eslint, tsc, prettier and knip run single-threaded): two lanes
// side by side on a 2-core machine. Then vitest, which fills both cores itself, then the e2e suite.
const knip = ['--no-config-hints', '--no-progress', '--include', 'exports,types,files'];
await Promise.all([
  lane([['lint (eslint)', [bin('eslint', 'bin/eslint.js'), '.']]], 'lint'),
  lane(
    [
      ['format (prettier --check)', [bin('prettier', 'bin/prettier.cjs'), '--check', '--log-level', 'warn', '.']],
      // Unused files and exports; then whether every export of @shop/shared is used by production code (knip.jsonc).
      ['unused exports (knip)', [bin('knip', 'bin/knip.js'), ...knip]],
      ['shared used in production (knip)', [bin('knip', 'bin/knip.js'), '--production', '--workspace', 'shared', ...knip]],
      ['type check (tsc)', [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.json']],
      ['type check (tsc, .mjs)', [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.mjs.json']],
      // Only the apps whose sources changed since their last build (scripts/lib/apps.mjs).
      ['build', [path.join(REPO_ROOT, 'scripts', 'build.mjs')]],
    ],
    'checks',
  ),
]);
await run('unit and API tests (vitest)', [bin('vitest', 'vitest.mjs'), 'run']);
await run('e2e (Playwright)', [bin('@playwright/test', 'cli.js'), 'test', '--config', path.join('e2e', 'playwright.config.ts')]);
finish(0);
