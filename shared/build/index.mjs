// The one webpack + @module-federation/enhanced config factory every front-end app builds with.
// Remotes build into <app>/dist/<version>/ (immutable, served at /mf/<app>/<version>/);
// the shell builds into shell/dist/ (served at /).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import webpack from 'webpack';
import { CopyPublicPlugin } from './copy-public-plugin.mjs';
import { BuildInfoPlugin } from './build-info-plugin.mjs';
import { SharedFilesPlugin } from './shared-files-plugin.mjs';
import { RUNTIME_ENTRIES, RUNTIME_VERSION } from './runtime-part.mjs';

/** What the shared 'rxjs' singleton is built from: the exports the apps use (rxjs-surface.mjs, ADR 0034). */
const RXJS_SURFACE_FILE = fileURLToPath(new URL('./rxjs-surface.mjs', import.meta.url));

const here = path.dirname(fileURLToPath(import.meta.url));
export const SHARED_PACKAGE_DIR = path.resolve(here, '..');
export const REPO_ROOT = path.resolve(SHARED_PACKAGE_DIR, '..');

/**
 * Libraries that hold React context or page-wide state: one copy per page. The router is not among
 * them (ADR 0025): each remote has its own BrowserRouter and bundles the few router parts it uses
 * (tree-shaken, 12 kB instead of the whole 53 kB package shared); no router context crosses remotes.
 */
export const SINGLETONS = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'rxjs', 'single-spa', 'single-spa-react'];

/**
 * Singletons the shell still provides (not eager, from chunks of its own) for remotes built before
 * ADR 0025, which take the whole router from the page; newer remotes never load them.
 */
export const LEGACY_PROVIDED_BY_SHELL = ['react-router', 'react-router-dom'];

/**
 * Runtime-part singletons the shell does not use itself but provides from a chunk of its own (not
 * eager), so that the remotes run on the shell's copy and the page preloads that one file with the
 * route's remote (requirements#performance). Without it the first remote to start would provide it: nobody knows
 * which file. The shell names them in `shell/src/federation/provided-singletons.ts`.
 */
export const PROVIDED_BY_SHELL = ['@shop/shared/stores/preferences'];

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function installedVersion(requireFromApp, request) {
  const parts = request.split('/');
  const pkgName = request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return readJson(requireFromApp.resolve(`${pkgName}/package.json`)).version;
}

/**
 * Shared-module configuration: the third-party singletons above and the runtime part of
 * @shop/shared (runtime-part.mjs), all with requiredVersion and strictVersion: a remote that needs
 * a version the page does not provide fails to load (and shows its fallback) instead of running on
 * the wrong one; the release gate refuses it before guests see it. The pure part of @shop/shared
 * is not shared: each app bundles the version it was built with.
 */
export function sharedConfig(appDir, { eager = false } = {}) {
  const requireFromApp = createRequire(path.join(appDir, 'package.json'));
  /** @type {Record<string, { singleton: boolean, requiredVersion: string, strictVersion: boolean, version: string, eager?: boolean, import?: string }>} */
  const shared = {};
  const loading = eager ? { eager: true } : {};
  for (const request of SINGLETONS) {
    const version = installedVersion(requireFromApp, request);
    shared[request] = { singleton: true, requiredVersion: `^${version}`, strictVersion: true, version, ...loading };
  }
  shared.rxjs = { ...shared.rxjs, import: RXJS_SURFACE_FILE };
  for (const entry of RUNTIME_ENTRIES) {
    shared[`@shop/shared/${entry}`] = { singleton: true, requiredVersion: `^${RUNTIME_VERSION}`, strictVersion: true, version: RUNTIME_VERSION, ...loading };
  }
  if (eager) {
    for (const request of PROVIDED_BY_SHELL) shared[request] = { ...shared[request], eager: false };
    for (const request of LEGACY_PROVIDED_BY_SHELL) {
      const version = installedVersion(requireFromApp, request);
      shared[request] = { singleton: true, requiredVersion: `^${version}`, strictVersion: true, version, eager: false };
    }
  }
  return shared;
}

/** The version an app builds as: --version / MF_RELEASE_VERSION override, else its package.json. */
export function appVersion(appDir, override) {
  return override ?? process.env.MF_RELEASE_VERSION ?? readJson(path.join(appDir, 'package.json')).version;
}

/**
 * Output folder of an app build: a remote's <app>/dist/<version>/; the shell's development build
 * shell/dist/ and a versioned shell build (built for a release with --version) shell/dist-versions/<version>/
 * (api/src/deploy/artifact-store.ts localBuildDir serves from the same folders).
 */
export function outputDir(appDir, { host, version, versioned = false }) {
  if (host) return versioned ? path.join(appDir, 'dist-versions', version) : path.join(appDir, 'dist');
  return path.join(appDir, 'dist', version);
}

/**
 * @param {object} options
 * @param {string} options.appDir   absolute folder of the app
 * @param {string} options.name     federation name and output.uniqueName ('shell', 'mf_menu', ...)
 * @param {Record<string,string>} [options.exposes]
 * @param {boolean} [options.host]  the shell (HTML page, served at /)
 * @param {string} [options.version] build as this version instead of package.json's
 * @param {string} [options.cssPrefix] class-name prefix of this app's CSS Modules
 * @param {import('webpack').WebpackPluginInstance[]} [options.plugins]
 * @public used by every app's webpack.config.mjs (which knip reads as webpack configuration, not as code)
 */
export function createAppConfig({ appDir, name, exposes = {}, host = false, version: override, cssPrefix, plugins = [] }) {
  const version = appVersion(appDir, override);
  const folder = path.basename(appDir);
  const prefix = cssPrefix ?? name.replace(/^mf_/, '');
  const publicPath = host ? '/' : `/mf/${folder}/${version}/`;

  return {
    mode: 'production',
    context: appDir,
    entry: host ? { main: './src/index.ts' } : {},
    target: 'web',
    devtool: false,
    output: {
      path: outputDir(appDir, { host, version, versioned: (override ?? process.env.MF_RELEASE_VERSION) !== undefined }),
      publicPath,
      uniqueName: name,
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js'],
      // 'es2015': rxjs's modern build (classes, no tslib helpers), smaller than its ES5 default (requirements#performance).
      conditionNames: ['es2015', 'browser', 'import', 'module', 'default'],
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'esbuild-loader',
          options: { loader: 'tsx', target: 'es2020', jsx: 'automatic' },
        },
        {
          test: /\.module\.css$/,
          use: [
            MiniCssExtractPlugin.loader,
            {
              loader: 'css-loader',
              options: {
                modules: { localIdentName: `${prefix}-[local]-[hash:base64:5]`, namedExport: false, exportLocalsConvention: 'as-is' },
              },
            },
          ],
        },
        {
          test: /\.css$/,
          exclude: /\.module\.css$/,
          use: [MiniCssExtractPlugin.loader, 'css-loader'],
        },
        { test: /\.(svg|png|webp|jpg|mp3)$/, type: 'asset/resource' },
      ],
    },
    optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
    performance: { hints: false },
    stats: 'errors-warnings',
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        // The shell is always on the page first: its singletons are eager (in its first file, no
        // round trip after it), and the remotes take them from the share scope (requirements#performance).
        shared: sharedConfig(appDir, { eager: host }),
        // 'version-first' would fetch every remote entry at start-up: one unreachable remote would
        // break the whole shop (ARCHITECTURE.md, Known pitfalls).
        shareStrategy: 'loaded-first',
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
        // One federation runtime per page: the shell provides it, remotes use it instead of
        // bundling their own copy into every remoteEntry.js (requirements#performance first-load budget).
        experiments: { ...(host ? { provideExternalRuntime: true } : { externalRuntime: true }), optimization: { target: 'web' } },
      }),
      // CSS ships as CSS files (loaded with their chunks), not as strings inside JavaScript.
      new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css', ignoreOrder: true }),
      new webpack.DefinePlugin({ __APP_VERSION__: JSON.stringify(version), __APP_NAME__: JSON.stringify(name) }),
      ...(host
        ? [
            new CopyPublicPlugin(path.join(appDir, 'public')),
            new SharedFilesPlugin({ names: PROVIDED_BY_SHELL }),
            new HtmlWebpackPlugin({
              template: './src/index.html',
              inject: 'body',
              scriptLoading: 'defer',
              minify: { collapseWhitespace: true, removeComments: true, minifyCSS: true },
            }),
          ]
        : []),
      // build-info.json: what the release gate checks (shared singletons provided and required, contract version).
      new BuildInfoPlugin({ app: folder, name, version, shared: sharedConfig(appDir, { eager: host }), host }),
      ...plugins,
    ],
  };
}
