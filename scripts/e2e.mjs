#!/usr/bin/env node
// npm run e2e [-- <playwright args>]: Playwright in Debian's Chromium against the full stack.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createRequire } from 'node:module';
import { REPO_ROOT } from './lib/apps.mjs';
import { ensureChromium } from './lib/chromium.mjs';

ensureChromium();
const require = createRequire(import.meta.url);
const cli = path.join(path.dirname(require.resolve('@playwright/test/package.json')), 'cli.js');
const result = spawnSync(process.execPath, [cli, 'test', '--config', path.join(REPO_ROOT, 'e2e', 'playwright.config.ts'), ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: REPO_ROOT,
});
process.exit(result.status ?? 1);
