#!/usr/bin/env node
// Builds one front-end app: node shared/build/build.mjs <appDir> [--version x.y.z]
// A remote lands in <appDir>/dist/<version>/, the shell in shell/dist/. Nothing else is touched.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import webpack from 'webpack';
import { precompress } from './precompress.mjs';
import { sourceHash, STAMP_FILE } from './source-hash.mjs';

export async function buildApp(appDir, { version } = {}) {
  const configModule = await import(pathToFileURL(path.join(appDir, 'webpack.config.mjs')).href);
  const config = await configModule.default({ version });
  const started = Date.now();
  const stats = await new Promise((resolve, reject) => {
    webpack(config, (err, result) => (err ? reject(err) : resolve(result)));
  });
  const info = stats.toJson({ all: false, errors: true, warnings: true });
  if (stats.hasErrors()) {
    throw new Error(`Build of ${path.basename(appDir)} failed:\n${info.errors.map((e) => e.message).join('\n\n')}`);
  }
  const outDir = config.output.path;
  precompress(outDir);
  fs.writeFileSync(
    path.join(outDir, STAMP_FILE),
    JSON.stringify({ app: path.basename(appDir), sourceHash: sourceHash(appDir), builtAt: new Date().toISOString() }, null, 2),
  );
  return { outDir, ms: Date.now() - started, warnings: info.warnings.length };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const appDir = path.resolve(args.find((a) => !a.startsWith('--')) ?? '.');
  const vIndex = args.indexOf('--version');
  const version = vIndex >= 0 ? args[vIndex + 1] : undefined;
  buildApp(appDir, { version }).then(
    ({ outDir, ms }) => console.log(`built ${path.basename(appDir)} -> ${path.relative(process.cwd(), outDir) || '.'} in ${(ms / 1000).toFixed(1)} s`),
    (err) => {
      console.error(err.message ?? err);
      process.exit(1);
    },
  );
}
