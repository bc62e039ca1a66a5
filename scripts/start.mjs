#!/usr/bin/env node
// npm start: build what is missing, start the Auth emulator and the API (PGlite + seed), and
// serve the whole shop on one port (PORT, default 3000).
import { buildOutdated } from './lib/apps.mjs';
import { startStack } from './lib/stack.mjs';
import { stopOnSignals } from './lib/stop-signals.mjs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Node ${process.versions.node} is too old: this shop needs Node 20.19 or newer.`);
  process.exit(1);
}

const port = Number(process.env.PORT ?? 3000);
const built = await buildOutdated();
if (built.length === 0) console.log('all apps are built and up to date');

const stack = await startStack({ port });
console.log(`\n  ▶ The shop is ready: ${stack.url}\n    (stop with Ctrl+C)\n`);
const isStopping = stopOnSignals(() => stack.stop());

stack.api.on('exit', async (code) => {
  if (isStopping()) return;
  console.error(`the API stopped (exit code ${code})`);
  await stack.stop();
  process.exit(code ?? 1);
});
