#!/usr/bin/env node
// npm test: format check, lint, type checks, unit and API tests (vitest), the build of every app, and the Playwright
// e2e suite in Debian's Chromium. API tests also run against PostgreSQL when TEST_DATABASE_URL is
// set (.ci/run sets it), and the Redis event-bus test when REDIS_URL is set.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import fs from 'node:fs';
import { buildOutdated, REPO_ROOT } from './lib/apps.mjs';
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
const suiteStarted = Date.now();

function run(label, args) {
  console.log(`\n━━ ${label}`);
  const started = Date.now();
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: REPO_ROOT, env: process.env });
  timings.push([label, Date.now() - started, result.status === 0]);
  if (result.status !== 0) finish(result.status ?? 1);
}

function finish(code) {
  console.log('\n━━ summary');
  for (const [label, ms, ok] of timings) console.log(`  ${ok ? '✓' : '✗'} ${label.padEnd(28)} ${(ms / 1000).toFixed(1)} s`);
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
run('format (prettier --check)', [bin('prettier', 'bin/prettier.cjs'), '--check', '--log-level', 'warn', '.']);
run('lint (eslint)', [bin('eslint', 'bin/eslint.js'), '.']);
// Unused files and exports; then whether every export of @shop/shared is used by production code (knip.jsonc).
const knip = ['--no-config-hints', '--no-progress', '--include', 'exports,types,files'];
run('unused exports (knip)', [bin('knip', 'bin/knip.js'), ...knip]);
run('shared used in production (knip)', [bin('knip', 'bin/knip.js'), '--production', '--workspace', 'shared', ...knip]);
run('type check (tsc)', [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.json']);
run('type check (tsc, .mjs)', [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.mjs.json']);
run('unit and API tests (vitest)', [bin('vitest', 'vitest.mjs'), 'run']);

console.log('\n━━ build');
const started = Date.now();
try {
  const built = await buildOutdated();
  console.log(built.length ? `  built ${built.join(', ')}` : '  all apps up to date');
  timings.push(['build', Date.now() - started, true]);
} catch (error) {
  console.error(error.message ?? error);
  timings.push(['build', Date.now() - started, false]);
  finish(1);
}
run('e2e (Playwright)', [bin('@playwright/test', 'cli.js'), 'test', '--config', path.join('e2e', 'playwright.config.ts')]);
finish(0);
