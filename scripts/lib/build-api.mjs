// Compiles the API for production (requirements#operations/28: no tsx at run time): api/src/main.ts and the
// TypeScript of @shop/shared it imports are bundled by esbuild into one ES module, api/dist/main.js
// (with a source map); every other package stays an import of node_modules, and api/dist/package.json
// lists those packages at the versions installed here (the production image installs exactly them). The bundle resolves its
// folders from the repository layout as the sources do (api/dist/.. /.. is the repository root).
import fs from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from './apps.mjs';

const requireFromApi = createRequire(path.join(REPO_ROOT, 'api', 'package.json'));

/** The version of a package as node_modules has it for the API. */
function installedVersion(name) {
  let dir = path.dirname(requireFromApi.resolve(name));
  while (!fs.existsSync(path.join(dir, 'package.json')) || JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).name !== name) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`No package.json of ${name} above ${dir}`);
    dir = up;
  }
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
}

export const API_DIST = path.join(REPO_ROOT, 'api', 'dist');
export const API_MAIN = path.join(API_DIST, 'main.js');

/** Bare imports stay external, except the workspace's own TypeScript package. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path === '@shop/shared' || args.path.startsWith('@shop/shared/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** @param {{ log?: (message: string) => void }} [options] */
export async function buildApi({ log = () => {} } = {}) {
  const { build } = await import('esbuild');
  const started = Date.now();
  fs.rmSync(API_DIST, { recursive: true, force: true });
  const result = await build({
    entryPoints: [path.join(REPO_ROOT, 'api', 'src', 'main.ts')],
    outfile: API_MAIN,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    plugins: [externalPackages],
    logLevel: 'warning',
    metafile: true,
  });
  // The packages the bundle imports, at the versions installed here: the production image installs exactly these.
  const external = new Set();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const imported of output.imports) {
      if (!imported.external || imported.path.startsWith('node:') || builtinModules.includes(imported.path)) continue;
      const parts = imported.path.split('/');
      external.add(parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]);
    }
  }
  const dependencies = Object.fromEntries([...external].sort().map((name) => [name, installedVersion(name)]));
  fs.writeFileSync(
    path.join(API_DIST, 'package.json'),
    `${JSON.stringify({ name: '@shop/api-dist', private: true, type: 'module', description: 'The compiled API (npm run build:api): what the production image installs and runs.', main: 'main.js', dependencies }, null, 2)}\n`,
  );
  const bytes = fs.statSync(API_MAIN).size;
  log(`  api/dist/main.js: ${(bytes / 1024).toFixed(0)} kB from ${Object.keys(result.metafile.inputs).length} files in ${Date.now() - started} ms`);
  return API_MAIN;
}

/** True when api/dist/main.js is missing or older than a source file of the API or of @shop/shared. */
export function apiBuildOutdated() {
  if (!fs.existsSync(API_MAIN)) return true;
  const built = fs.statSync(API_MAIN).mtimeMs;
  const newer = (dir) =>
    fs.readdirSync(dir, { withFileTypes: true }).some((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name !== 'node_modules' && newer(full);
      return /\.(ts|tsx|json)$/.test(entry.name) && fs.statSync(full).mtimeMs > built;
    });
  return newer(path.join(REPO_ROOT, 'api', 'src')) || newer(path.join(REPO_ROOT, 'shared', 'src'));
}
