#!/usr/bin/env node
// Builds one front-end app: node shared/build/build.mjs <appDir> [--version x.y.z] [--compare-with <dir>]...
// A remote lands in <appDir>/dist/<version>/, the shell in shell/dist/ (shell/dist-versions/<version>/
// when built as a version). Nothing else is touched.
//
// A versioned build is immutable: when its folder exists already (or a --compare-with folder, e.g. the
// published copy in the artifact store), the new output must be byte-identical or the build fails and
// the existing folder stays as it was (guests may hold its chunks). Development builds (no --version)
// rebuild their package.json version, which is served only while it is not published.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import webpack from 'webpack';
import { differenceBetween } from './tree-compare.mjs';
import { writeDigests } from './integrity.mjs';
import { precompress } from './precompress.mjs';
import { writeStamp } from './source-hash.mjs';

export class ImmutableVersionError extends Error {}

async function compile(config) {
  const stats = await new Promise((resolve, reject) => {
    webpack(config, (err, result) => (err ? reject(err) : resolve(result)));
  });
  const info = stats.toJson({ all: false, errors: true, warnings: true });
  if (stats.hasErrors()) throw new Error(`Build failed:\n${info.errors.map((e) => e.message).join('\n\n')}`);
  precompress(config.output.path);
  // Last: the digest of every served file (docs/requirements.md#release-integrity).
  writeDigests(config.output.path);
  return info;
}

/**
 * @param {string} appDir
 * @param {{ version?: string, compareWith?: string[] }} [options]
 * @returns {Promise<{ outDir: string, ms: number, warnings: number, outcome: 'built' | 'identical' }>}
 */
export async function buildApp(appDir, { version, compareWith = [] } = {}) {
  const configModule = await import(pathToFileURL(path.join(appDir, 'webpack.config.mjs')).href);
  const config = await configModule.default({ version });
  const started = Date.now();
  const outDir = config.output.path;
  const versioned = version !== undefined;
  const existing = [outDir, ...compareWith].filter((dir) => fs.existsSync(dir) && fs.readdirSync(dir).length > 0);

  if (!versioned || existing.length === 0) {
    const info = await compile(config);
    writeStamp(appDir, outDir);
    return { outDir, ms: Date.now() - started, warnings: info.warnings.length, outcome: 'built' };
  }

  // The version exists: build beside it and keep the existing folder unless identical.
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), `build-${path.basename(appDir)}-${version}-`));
  try {
    const info = await compile({ ...config, output: { ...config.output, path: staging } });
    for (const dir of existing) {
      const difference = differenceBetween(staging, dir);
      if (difference !== null) {
        throw new ImmutableVersionError(
          `${path.basename(appDir)} ${version} exists already in ${dir} and this build differs (${difference}). ` +
            'A released version never changes: bump the version in package.json or build with another --version.',
        );
      }
    }
    if (!fs.existsSync(outDir) || fs.readdirSync(outDir).length === 0) {
      fs.mkdirSync(path.dirname(outDir), { recursive: true });
      fs.rmSync(outDir, { recursive: true, force: true });
      fs.cpSync(staging, outDir, { recursive: true });
      writeStamp(appDir, outDir);
    }
    return { outDir, ms: Date.now() - started, warnings: info.warnings.length, outcome: 'identical' };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const valueOf = (flag) => args.flatMap((a, i) => (a === flag && args[i + 1] ? [args[i + 1]] : []));
  const flagged = new Set(args.flatMap((a, i) => (a.startsWith('--') ? [i, i + 1] : [])));
  const appDir = path.resolve(args.find((a, i) => !flagged.has(i)) ?? '.');
  const [version] = valueOf('--version');
  buildApp(appDir, { version, compareWith: valueOf('--compare-with').map((d) => path.resolve(d)) }).then(
    ({ outDir, ms, outcome }) =>
      console.log(
        outcome === 'identical'
          ? `${path.basename(appDir)} ${version} rebuilt byte-identical to the existing version; nothing changed (${(ms / 1000).toFixed(1)} s)`
          : `built ${path.basename(appDir)} -> ${path.relative(process.cwd(), outDir) || '.'} in ${(ms / 1000).toFixed(1)} s`,
      ),
    (err) => {
      console.error(err.message ?? err);
      process.exit(1);
    },
  );
}
