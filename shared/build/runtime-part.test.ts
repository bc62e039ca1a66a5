// The runtime part of @shop/shared exists once per page only if every module outside it (and every
// runtime folder importing another) reaches it through its package entry ('@shop/shared/bus'), which
// Module Federation shares; a relative import ('../bus') would bundle a private second copy.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RUNTIME_ENTRIES, RUNTIME_FILES, RUNTIME_FOLDERS } from './runtime-part.mjs';
import sharedPackage from '../package.json';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const rel = (file: string) => path.relative(SRC, file).split(path.sep).join('/');
const isRuntime = (relative: string) => RUNTIME_FOLDERS.includes(relative.split('/')[0] ?? '') || RUNTIME_FILES.includes(relative);
/** The part a file belongs to: its runtime folder or file group, or 'pure'. */
const ownerOf = (relative: string) => (RUNTIME_FILES.includes(relative) ? 'client-runtime' : isRuntime(relative) ? relative.split('/')[0] : 'pure');

/** Value imports (not `import type`) with relative specifiers, resolved against the file. */
function relativeValueImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^;]*?from\s+'(\.{1,2}\/[^']+)'/gm)) {
    const target = path.resolve(path.dirname(file), match[1] ?? '');
    const candidates = [`${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts'), target];
    const hit = candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
    if (hit) found.push(rel(hit));
  }
  return found;
}

describe('the runtime part of @shop/shared', () => {
  it('has a package entry for every shared runtime entry', () => {
    for (const entry of RUNTIME_ENTRIES) expect(Object.keys(sharedPackage.exports)).toContain(`./${entry}`);
  });

  it('is reached only through its package entries from outside its own folder', () => {
    const offences: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const from = rel(file);
      for (const target of relativeValueImports(file)) {
        if (!isRuntime(target)) continue;
        if (ownerOf(target) !== ownerOf(from)) offences.push(`${from} imports ${target} relatively`);
      }
    }
    expect(offences).toEqual([]);
  });
});
