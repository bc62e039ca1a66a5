#!/usr/bin/env node
// npm run dev [-- <remote>... | all] [--port N]: the developer loop (docs/adr/0032-dev-loop.md, README
// "Developing"). The API in watch mode, each named remote (default: all) on webpack-dev-server with
// React Fast Refresh, the shell as a watched development build, all behind one front port; the page
// runs the served remotes through the preview host's per-browser override.
import fs from 'node:fs';
import path from 'node:path';
import { devVersionOf } from '../shared/build/dev-config.mjs';
import { appDir, buildOutdated, hasBuild, REMOTES } from './lib/apps.mjs';
import { planDev } from './lib/dev-plan.mjs';
import { startDevProxy } from './lib/dev-proxy.mjs';
import { startRemoteDevServer, watchShell } from './lib/dev-servers.mjs';
import { startStack } from './lib/stack.mjs';
import { stopOnSignals } from './lib/stop-signals.mjs';

const versions = Object.fromEntries(
  REMOTES.map((folder) => [folder, devVersionOf(JSON.parse(fs.readFileSync(path.join(appDir(folder), 'package.json'), 'utf8')).version)]),
);
let plan;
try {
  plan = planDev(process.argv.slice(2), { remotes: REMOTES, versions, defaultPort: Number(process.env.PORT ?? 3000) });
} catch (error) {
  console.error(error.message);
  process.exit(2);
}

const log = (/** @type {string} */ message) => console.log(`[dev] ${message}`);
const stops = [];
/** Stops everything started, the child processes (API, emulator) first; one failing stop does not keep the others running. */
const stopAll = async () => {
  for (const stop of stops.splice(0)) {
    try {
      await stop();
    } catch (error) {
      console.error(`[dev] while stopping: ${error.message ?? error}`);
    }
  }
};
stopOnSignals(stopAll);

try {
  // The remotes that are not served hot run from their production builds, as with npm start; the
  // served ones need one too (the API checks that every version a descriptor names exists, and a
  // browser without the override runs it), but not a current one.
  const served = new Set(plan.remotes.map((r) => r.folder));
  const apps = REMOTES.filter((folder) => !served.has(folder) || !hasBuild(folder));
  if (apps.length) await buildOutdated({ apps, log });
  log('building the shell (development, watched) …');
  stops.push((await watchShell(log)).stop);
  for (const remote of plan.remotes) {
    log(`serving ${remote.folder} ${remote.version} hot …`);
    stops.push((await startRemoteDevServer(remote, log)).stop);
  }
  const stack = await startStack({ port: plan.apiPort, watch: true, log });
  stops.unshift(() => stack.stop());
  const proxy = await startDevProxy(plan);
  stops.push(
    () =>
      new Promise((resolve) => {
        proxy.close(() => resolve(undefined));
        // Open event streams and sockets would hold the close.
        proxy.closeAllConnections();
      }),
  );
  console.log(`\n  ▶ Developing ${plan.remotes.map((r) => r.folder).join(', ')}: ${plan.url}\n    (stop with Ctrl+C)\n`);
} catch (error) {
  console.error(error.message ?? error);
  await stopAll();
  process.exit(1);
}
