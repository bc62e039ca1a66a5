// Writes build-info.json beside mf-manifest.json: what an app was built as and against, read by the
// release gate (deploy/lib/gate.mjs) and by the API when it checks a descriptor. Unhashed like the
// manifest; it never changes after the build.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';

export const BUILD_INFO_FILE = 'build-info.json';
const CONTRACT_VERSION_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'contract', 'contract-version.json');

/** The contract version apps are built with (shared/src/contract/contract-version.json). */
export function contractVersions() {
  return JSON.parse(fs.readFileSync(CONTRACT_VERSION_FILE, 'utf8'));
}

export class BuildInfoPlugin {
  /** @param {{ app: string, name: string, version: string, shared: Record<string, { version: string, requiredVersion: string }>, host: boolean }} options */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('BuildInfoPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'BuildInfoPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const { app, name, version, shared, host } = this.options;
        const info = {
          app,
          name,
          version,
          kind: host ? 'shell' : 'remote',
          contractVersion: contractVersions().current,
          // The singletons this app brings (the shell's are the ones every remote runs on) and the ranges it needs.
          provides: Object.fromEntries(Object.entries(shared).map(([key, c]) => [key, c.version])),
          requires: Object.fromEntries(Object.entries(shared).map(([key, c]) => [key, c.requiredVersion])),
          files: Object.keys(compilation.assets)
            .filter((file) => !file.endsWith('.map'))
            .sort(),
        };
        compilation.emitAsset(BUILD_INFO_FILE, new webpack.sources.RawSource(JSON.stringify(info, null, 2) + '\n'));
      });
    });
  }
}
