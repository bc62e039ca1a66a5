// One deploy command at a time per hosts folder: a lock file created exclusively.
import fs from 'node:fs';
import path from 'node:path';
import { DeployError } from './errors.mjs';

const STALE_MS = 10 * 60_000;

export function withLock(dir, fn) {
  const file = path.join(dir, '.deploy.lock');
  let fd;
  try {
    fd = fs.openSync(file, 'wx');
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
    const age = Date.now() - fs.statSync(file).mtimeMs;
    if (age < STALE_MS) {
      throw new DeployError(`Another deploy command is running (lock ${file}); try again when it has finished`);
    }
    fs.rmSync(file, { force: true });
    fd = fs.openSync(file, 'wx');
  }
  fs.writeSync(fd, String(process.pid));
  fs.closeSync(fd);
  const release = () => fs.rmSync(file, { force: true });
  try {
    const result = fn();
    if (result && typeof result.then === 'function') return result.finally(release);
    release();
    return result;
  } catch (error) {
    release();
    throw error;
  }
}
