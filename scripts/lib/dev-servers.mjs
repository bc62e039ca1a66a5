// @ts-check
// The builds of `npm run dev` (docs/adr/0032-dev-loop.md): each served remote on its own
// webpack-dev-server (memory, HMR, React Fast Refresh) and the shell as a watched development build
// in shell/dist, which the API serves as usual. Each compiler watches only the files of its own
// module graph, so an edit rebuilds exactly the apps that bundle the changed file.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { toDevConfig, toDevShellConfig } from '../../shared/build/dev-config.mjs';
import { writeStamp } from '../../shared/build/source-hash.mjs';
import { appDir } from './apps.mjs';

/** @param {string} app */
async function productionConfig(app, version = undefined) {
  const configFile = path.join(appDir(app), 'webpack.config.mjs');
  const configModule = await import(pathToFileURL(configFile).href);
  return { config: await configModule.default({ version }), configFile };
}

/**
 * Logs each rebuild with its time (the figure the README's walkthrough quotes).
 * @param {import('webpack').Compiler} compiler
 * @param {string} app
 * @param {(message: string) => void} log
 * @param {() => void} [afterBuild]
 */
function reportBuilds(compiler, app, log, afterBuild) {
  let first = true;
  compiler.hooks.done.tap('shop-dev', (stats) => {
    const ms = (stats.endTime ?? 0) - (stats.startTime ?? 0);
    if (stats.hasErrors()) {
      log(`✗ ${app}: build failed\n${stats.toString({ all: false, errors: true })}`);
      return;
    }
    afterBuild?.();
    const changed = compiler.modifiedFiles ? [...compiler.modifiedFiles].map((f) => path.relative(appDir('.'), f)) : [];
    log(`${first ? '✓' : '↻'} ${app} ${first ? 'built' : 'rebuilt'} in ${(ms / 1000).toFixed(2)} s${changed.length ? ` (${changed.join(', ')})` : ''}`);
    first = false;
  });
}

/**
 * @param {import('./dev-plan.mjs').DevRemote} remote
 * @param {(message: string) => void} log
 */
export async function startRemoteDevServer(remote, log) {
  const { config, configFile } = await productionConfig(remote.folder, remote.version);
  const compiler = webpack(toDevConfig(config, { app: remote.folder, hot: true, configFile }));
  reportBuilds(compiler, remote.folder, log);
  const socketPath = `${remote.prefix}ws`;
  const server = new WebpackDevServer(
    {
      host: '127.0.0.1',
      port: remote.port,
      // Reached through the front port (dev-proxy.mjs) under the page's host name.
      allowedHosts: 'all',
      hot: true,
      liveReload: true,
      // The event stream and the files pass through the front port as they are.
      compress: false,
      static: false,
      historyApiFallback: false,
      // npm run dev stops everything itself (the API and the emulator first); the server's own
      // signal handlers would exit the process before that.
      setupExitSignals: false,
      webSocketServer: { type: 'ws', options: { path: socketPath } },
      // auto://0.0.0.0:0: the page's own protocol, host and port (the front port), so 'self' covers it.
      client: { webSocketURL: `auto://0.0.0.0:0${socketPath}`, overlay: { errors: true, warnings: false }, logging: 'warn' },
      devMiddleware: { stats: 'errors-only' },
    },
    compiler,
  );
  await server.start();
  return { stop: () => server.stop() };
}

/**
 * The shell in development mode, watched, written to shell/dist (stamped as a development build,
 * so `npm start` and `npm run build` rebuild it for production).
 * @param {(message: string) => void} log
 */
export async function watchShell(log) {
  const { config, configFile } = await productionConfig('shell');
  const dev = toDevShellConfig(config, configFile);
  const outDir = /** @type {string} */ (dev.output?.path);
  const compiler = webpack(dev);
  reportBuilds(compiler, 'shell', log, () => {
    fs.mkdirSync(outDir, { recursive: true });
    writeStamp(appDir('shell'), outDir, 'development');
  });
  const watching = compiler.watch({}, (error) => {
    if (error) log(`✗ shell: ${error.message}`);
  });
  await new Promise((resolve) => compiler.hooks.done.tap('shop-dev-first', () => resolve(undefined)));
  return { stop: () => new Promise((resolve) => watching.close(() => resolve(undefined))) };
}
