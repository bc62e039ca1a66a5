// The development variant of the apps' webpack configs (npm run dev, docs/adr/0032-dev-loop.md), made
// from the real production configs of a remote and of the shell.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import vm from 'node:vm';
import type { Configuration, RuleSetRule } from 'webpack';
import { describe, expect, it } from 'vitest';
import { devCacheDir, devVersionOf, toDevConfig, toDevShellConfig } from './dev-config.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

async function productionConfig(app: string, version?: string): Promise<{ config: Configuration; configFile: string }> {
  const configFile = path.join(REPO_ROOT, app, 'webpack.config.mjs');
  const configModule = (await import(pathToFileURL(configFile).href)) as { default: (env: { version?: string }) => Configuration };
  return { config: configModule.default({ version }), configFile };
}

const pluginNames = (config: Configuration) => (config.plugins ?? []).map((plugin) => plugin?.constructor.name);
/** The rule of the app's own TypeScript sources. */
const sourceRule = (config: Configuration) =>
  (config.module?.rules ?? []).find((rule) => {
    const test = (rule as RuleSetRule).test;
    return test instanceof RegExp && test.test('app.tsx') && !test.test('app.css');
  }) as RuleSetRule;

describe('the development config of a remote served hot', () => {
  it('is development mode with source maps that need no eval, and a persistent cache per app under node_modules/.cache', async () => {
    const { config, configFile } = await productionConfig('mf-menu', devVersionOf('0.1.0'));
    const dev = toDevConfig(config, { app: 'mf-menu', hot: true, configFile });
    expect(dev.mode).toBe('development');
    // The shop's Content-Security-Policy has no 'unsafe-eval': no eval-based devtool.
    expect(dev.devtool).toBe('cheap-module-source-map');
    expect(dev.cache).toMatchObject({ type: 'filesystem', cacheDirectory: path.join(REPO_ROOT, 'node_modules', '.cache', 'webpack-dev', 'mf-menu') });
    expect(devCacheDir('mf-menu').startsWith(path.join(REPO_ROOT, 'node_modules', '.cache'))).toBe(true);
  });

  it("keeps the production federation setup and serves the '-dev' version folder", async () => {
    const { config, configFile } = await productionConfig('mf-menu', devVersionOf('0.1.0'));
    const dev = toDevConfig(config, { app: 'mf-menu', hot: true, configFile });
    expect(dev.output?.publicPath).toBe('/mf/mf-menu/0.1.0-dev/');
    expect(dev.output?.uniqueName).toBe('mf_menu');
    expect(pluginNames(dev)).toContain('ModuleFederationPlugin');
    expect((config.plugins ?? []).every((plugin) => dev.plugins?.includes(plugin))).toBe(true);
  });

  it("silences only the cache's wrong warning about names @shop/shared/client re-exports", async () => {
    const { config, configFile } = await productionConfig('mf-menu', devVersionOf('0.1.0'));
    const [ignored] = toDevConfig(config, { app: 'mf-menu', hot: true, configFile }).ignoreWarnings as [RegExp];
    expect(ignored.test("export 'ActionCallError' (imported as 'ActionCallError') was not found in '@shop/shared/client' (possible exports: callAction)")).toBe(
      true,
    );
    expect(ignored.test("export 'waitForBrowserId' (imported as 'waitForBrowserId') was not found in '../client' (possible exports: callAction)")).toBe(true);
    expect(ignored.test("export 'formatEuro' (imported as 'formatEuro') was not found in '@shop/shared/domain/money'")).toBe(false);
  });

  it('adds React Fast Refresh: the refresh plugin, and Babel with only the refresh transform after esbuild', async () => {
    const { config, configFile } = await productionConfig('mf-menu', devVersionOf('0.1.0'));
    const dev = toDevConfig(config, { app: 'mf-menu', hot: true, configFile });
    expect(pluginNames(dev)).toContain('ReactRefreshPlugin');
    const loaders = (sourceRule(dev).use as { loader: string; options: { plugins?: unknown[] } }[]).map((use) => use.loader);
    // Loaders run right to left: esbuild first, then Babel.
    expect(loaders[0]).toContain('babel-loader');
    expect(loaders[1]).toBe('esbuild-loader');
    const babel = (sourceRule(dev).use as { options: { plugins: [string, unknown][] } }[])[0]!;
    expect(babel.options.plugins.map(([plugin]) => plugin)).toEqual([expect.stringContaining(path.join('react-refresh', 'babel'))]);
  });
});

describe("the shell's development build", () => {
  it('is watched to disk without its service worker, and puts React DevTools hook before everything in its first file', async () => {
    const { config, configFile } = await productionConfig('shell');
    expect(pluginNames(config)).toContain('InjectManifest');
    const dev = toDevShellConfig(config, configFile);
    expect(dev.mode).toBe('development');
    expect(pluginNames(dev)).not.toContain('InjectManifest');
    expect(pluginNames(dev)).not.toContain('ReactRefreshPlugin');
    expect(dev.output?.path).toBe(config.output?.path);
    const banner = (dev.plugins ?? []).find((plugin) => plugin?.constructor.name === 'BannerPlugin') as unknown as {
      options: { banner: string; raw: boolean; include: RegExp };
    };
    expect(banner.options.raw).toBe(true);
    expect(banner.options.include.test('main.1a2b3c4d.js')).toBe(true);
    expect(banner.options.banner).toContain('__REACT_DEVTOOLS_GLOBAL_HOOK__');
    // The hook keeps the renderers React DOM registers: the remote's refresh runtime reads them.
    const window: { __REACT_DEVTOOLS_GLOBAL_HOOK__?: { inject: (renderer: object) => number; renderers: Map<number, object> } } = {};
    vm.runInNewContext(banner.options.banner, { window });
    const renderer = {};
    const id = window.__REACT_DEVTOOLS_GLOBAL_HOOK__!.inject(renderer);
    expect(window.__REACT_DEVTOOLS_GLOBAL_HOOK__!.renderers.get(id)).toBe(renderer);
  });
});
