import { execFileSync } from 'node:child_process';

/**
 * The commit of the previous version for the mixed-versions journey. A shallow clone (CI's) lacks
 * it: then the missing history is fetched from the clone's remote, and when that is impossible the
 * test fails with what to do, instead of skipping silently.
 */
export function previousCommit(ref: string, cwd: string): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  const resolve = () => git('rev-parse', '--verify', '--short', `${ref}^{commit}`);
  try {
    return resolve();
  } catch {
    // Not in this checkout: fetched below when the clone is shallow.
  }
  if (git('rev-parse', '--is-shallow-repository') !== 'true') {
    throw new Error(`mixed versions: ${ref} is not a commit of this repository; set E2E_PREVIOUS_REF to the previous release`);
  }
  try {
    git('fetch', '--quiet', '--deepen=2');
    return resolve();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `mixed versions: this is a shallow clone without ${ref}, and fetching it failed (${reason.trim()}); run 'git fetch --deepen=2' or set E2E_PREVIOUS_REF`,
    );
  }
}
