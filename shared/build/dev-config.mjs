// @ts-check
// The development variant of an app's webpack config (`npm run dev`, docs/adr/0032-dev-loop.md):
// development mode (React's development build, which Fast Refresh needs), source maps, webpack's
// persistent filesystem cache under node_modules/.cache, and for a remote served by
// webpack-dev-server: Hot Module Replacement with React Fast Refresh. The production config
// (index.mjs createAppConfig) stays the single source of the federation setup; this only adapts it.
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import ReactRefreshPlugin from '@pmmmwh/react-refresh-webpack-plugin';
import webpack from 'webpack';
import { REPO_ROOT } from './index.mjs';

const require = createRequire(import.meta.url);
const here = fileURLToPath(import.meta.url);

/** Pre-release tag of the version a remote is served as in development (never a released version). */
export const DEV_VERSION_TAG = 'dev';

/** The version a remote is served as by `npm run dev`: its package version with the `-dev` tag. */
export const devVersionOf = (/** @type {string} */ version) => `${version}-${DEV_VERSION_TAG}`;

/** Where webpack keeps its persistent cache of one app's development build. */
export const devCacheDir = (/** @type {string} */ app) => path.join(REPO_ROOT, 'node_modules', '.cache', 'webpack-dev', app);

/**
 * Source maps without eval: the shop's Content-Security-Policy has no 'unsafe-eval' (and needs none
 * in development either), so webpack's eval-based devtools would not run.
 */
const DEVTOOL = 'cheap-module-source-map';

/** The one warning a cache-restored development build gives wrongly (see toDevConfig). */
const STALE_SHARED_REEXPORT = /export '\w+' \(imported as '\w+'\) was not found in '(@shop\/shared\/client|\.\.\/client)'/;

/**
 * esbuild compiles TypeScript and JSX as in production; Babel then adds only React Refresh's
 * component registrations (esbuild has no Fast Refresh transform). Loaders run right to left.
 * @param {any} rule the production rule of the app's own sources (esbuild-loader)
 */
function withRefreshTransform(rule) {
  return {
    test: rule.test,
    exclude: rule.exclude,
    use: [
      {
        loader: require.resolve('babel-loader'),
        options: {
          babelrc: false,
          configFile: false,
          cacheDirectory: false,
          sourceMaps: true,
          plugins: [[require.resolve('react-refresh/babel'), { skipEnvCheck: true }]],
        },
      },
      { loader: rule.loader, options: rule.options },
    ],
  };
}

/**
 * @param {import('webpack').Configuration} config the app's production config (its webpack.config.mjs)
 * @param {{ app: string, hot: boolean, configFile: string }} options
 *   app: folder name ('mf-menu', 'shell'); hot: served by webpack-dev-server with HMR and Fast Refresh
 *   (a remote), else a watched build written to disk (the shell, served by the API);
 *   configFile: the app's webpack.config.mjs (a change to it invalidates the cache)
 * @returns {import('webpack').Configuration}
 */
export function toDevConfig(config, { app, hot, configFile }) {
  const rules = /** @type {any[]} */ (config.module?.rules ?? []);
  return {
    ...config,
    mode: 'development',
    devtool: DEVTOOL,
    cache: {
      type: 'filesystem',
      cacheDirectory: devCacheDir(app),
      name: hot ? 'hot' : 'watch',
      buildDependencies: { config: [here, path.join(path.dirname(here), 'index.mjs'), configFile] },
    },
    output: {
      ...config.output,
      // Served from memory by webpack-dev-server: plain names, the server never caches them.
      ...(hot ? { filename: '[name].js', chunkFilename: '[name].js', clean: false } : {}),
    },
    optimization: { moduleIds: 'named', chunkIds: 'named' },
    module: {
      ...config.module,
      rules: hot ? rules.map((rule) => (rule && rule.loader === 'esbuild-loader' ? withRefreshTransform(rule) : rule)) : rules,
    },
    // The shell's service worker would precache a development shell and serve it stale: not built in development.
    plugins: [
      ...(config.plugins ?? []).filter((plugin) => plugin?.constructor?.name !== 'InjectManifest'),
      ...(hot ? [new ReactRefreshPlugin({ overlay: false })] : []),
    ],
    watchOptions: { ignored: ['**/node_modules/**', '**/dist/**', '**/.data/**'] },
    // A build restored from the persistent cache misreads the exports @shop/shared/client re-exports
    // from the shared client runtime (a consumed shared module) and warns that names it re-exports are
    // missing; the generated code still re-exports them at run time (webpack's dynamic re-export),
    // the first build does not warn, production builds have no cache, and tsc checks the names.
    ignoreWarnings: [STALE_SHARED_REEXPORT],
    infrastructureLogging: { level: 'warn' },
  };
}

/**
 * React's DevTools hook, prepended raw to the shell's first file: React DOM registers with it when it
 * starts (before any module of the bundle runs: the federation runtime's startup loads it), and a
 * remote served hot finds the page's renderer there for React Refresh (its runtime patches this hook
 * and reads the renderers registered so far). The shape is the one react-refresh/runtime installs,
 * with the registered renderers kept (as the DevTools extension does). A real DevTools extension
 * installs its own hook first and this one stands aside.
 */
const DEVTOOLS_HOOK = `(function () {
  if (typeof window === 'undefined' || window.__REACT_DEVTOOLS_GLOBAL_HOOK__) return;
  var renderers = new Map();
  var nextId = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: renderers,
    supportsFiber: true,
    inject: function (injected) { var id = nextId++; renderers.set(id, injected); return id; },
    onScheduleFiberRoot: function () {},
    onCommitFiberRoot: function () {},
    onCommitFiberUnmount: function () {},
  };
})();`;

/**
 * The shell's development build: written to disk and watched (the API serves it as usual), with
 * React's DevTools hook in place before React DOM starts, so a remote served hot refreshes its
 * components on the shell's React (one React per page).
 * @param {import('webpack').Configuration} config
 * @param {string} configFile
 */
export function toDevShellConfig(config, configFile) {
  const dev = toDevConfig(config, { app: 'shell', hot: false, configFile });
  return {
    ...dev,
    plugins: [...(dev.plugins ?? []), new webpack.BannerPlugin({ banner: DEVTOOLS_HOOK, raw: true, entryOnly: true, include: /^main\./ })],
  };
}
