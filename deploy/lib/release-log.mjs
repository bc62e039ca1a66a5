// deploy/releases.log: one JSON object per line
//   {"time":"…","action":"release"|"rollback","hostFile":"hamburg.json","remote":"mf-menu","from":"0.1.0","to":"0.2.0"}
import fs from 'node:fs';
import path from 'node:path';
import { DeployError } from './errors.mjs';

export function readLog(logFile) {
  if (!fs.existsSync(logFile)) return [];
  return fs
    .readFileSync(logFile, 'utf8')
    .split('\n')
    .map((line, i) => [line.trim(), i + 1])
    .filter(([line]) => line)
    .map(([line, n]) => {
      try {
        return JSON.parse(line);
      } catch {
        throw new DeployError(`${logFile} line ${n} is not JSON; fix or remove that line`);
      }
    });
}

export function appendLog(logFile, entry) {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  fs.appendFileSync(logFile, `${JSON.stringify(entry)}\n`);
}

/**
 * The releases of one remote on one host that are still in effect, oldest first: a release pushes,
 * a rollback pops. The last one is what a rollback undoes.
 */
export function releaseStack(entries, hostFile, remoteFolder) {
  const stack = [];
  for (const e of entries) {
    if (e.hostFile !== hostFile || e.remote !== remoteFolder) continue;
    if (e.action === 'rollback') stack.pop();
    else stack.push(e);
  }
  return stack;
}
