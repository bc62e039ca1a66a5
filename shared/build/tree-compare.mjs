// Compares two build folders file by file (names and bytes), ignoring the local build stamp.
import fs from 'node:fs';
import path from 'node:path';

const LOCAL_ONLY = new Set(['build-stamp.json']);

export function filesOf(dir, sub = '') {
  return fs
    .readdirSync(path.join(dir, sub), { withFileTypes: true })
    .flatMap((entry) => {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return filesOf(dir, rel);
      return entry.isFile() && !LOCAL_ONLY.has(rel) ? [rel] : [];
    })
    .sort();
}

/** The first difference between two folders ('main.js differs', 'files differ (+a.js)'), or null when identical. */
export function differenceBetween(a, b) {
  const filesA = filesOf(a);
  const filesB = filesOf(b);
  const onlyA = filesA.filter((f) => !filesB.includes(f));
  const onlyB = filesB.filter((f) => !filesA.includes(f));
  if (onlyA.length || onlyB.length) {
    return `files differ: ${[...onlyA.map((f) => `+${f}`), ...onlyB.map((f) => `-${f}`)].slice(0, 4).join(', ')}`;
  }
  const changed = filesA.find((file) => !fs.readFileSync(path.join(a, file)).equals(fs.readFileSync(path.join(b, file))));
  return changed ? `${changed} differs` : null;
}
