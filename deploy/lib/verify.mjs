// Verify after release (docs/requirements.md#release-verify): the host's public URL must serve the new
// descriptor and the release's files with the digests of its build, otherwise the command fails and
// says so (guests would keep the old version, e.g. when the API refuses another, broken descriptor).
import { sha256Of } from '../../shared/build/integrity.mjs';
import { readBuildInfo, servedDir } from './builds.mjs';
import { DeployError } from './errors.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The version the served descriptor names for the app (shell: its `shell`). */
const servedVersion = (descriptor, app) => (app.key === 'shell' ? descriptor.shell : descriptor.remotes?.[app.key]?.version);

/**
 * Which applied plans the public URL shows: those whose descriptor lists the URL's host name, and a
 * single production release whatever the URL (its public URL is required and names that host).
 */
export function verifiablePlans(paths, plans, isProduction) {
  if (!paths.publicUrl) return [];
  const host = new URL(paths.publicUrl).hostname.toLowerCase();
  return plans.filter(
    (p) => (p.entry.json.hosts ?? []).map((h) => String(h).toLowerCase()).includes(host) || (plans.length === 1 && isProduction(p.entry.json)),
  );
}

/**
 * @param {ReturnType<typeof import('./paths.mjs').deployPaths>} paths
 * @param {{ entry: { name: string }, remote: { folder: string, key: string }, to: string }} plan
 * @param {{ log: (line: string) => void, timeoutMs?: number }} options
 */
export async function verifyRelease(paths, plan, { log, timeoutMs = Number(paths.s3Env.DEPLOY_VERIFY_SECONDS ?? 30) * 1000 }) {
  const { remote: app, to: version } = plan;
  const descriptorUrl = new URL('/deploy/descriptor.json', paths.publicUrl);
  const deadline = Date.now() + timeoutMs;
  let seen;
  for (;;) {
    seen = await fetch(descriptorUrl, { cache: 'no-store' })
      .then(async (r) => (r.ok ? servedVersion(await r.json(), app) : `HTTP ${r.status}`))
      .catch((error) => `unreachable (${error.message})`);
    if (seen === version || (version === 'local' && seen === 'local')) break;
    if (Date.now() > deadline) {
      throw new DeployError(
        `${plan.entry.name}: released ${app.folder} ${version} into the store, but ${descriptorUrl.href} still serves ${seen ?? 'nothing'} after ${Math.round(timeoutMs / 1000)} s: ` +
          `guests keep the old version. Check the API's log (it keeps the last valid descriptors when one is broken or names a missing version), then roll back or fix it`,
      );
    }
    await sleep(500);
  }
  if (app.key === 'shell' || version === 'local') {
    log(`${plan.entry.name}: verified at ${paths.publicUrl}: serves ${app.folder} ${version}`);
    return;
  }
  await verifyFiles(paths, plan, { log, prefix: `descriptor names ${app.folder} ${version}, ` });
}

/**
 * The release's files answer at the public URL with the digests of its build (a canary's check: its
 * descriptor differs per browser).
 * @param {ReturnType<typeof import('./paths.mjs').deployPaths>} paths
 * @param {{ entry: { name: string }, remote: { folder: string, key: string }, to: string }} plan
 * @param {{ log: (line: string) => void, prefix?: string }} options
 */
export async function verifyFiles(paths, plan, { log, prefix }) {
  const { remote: app, to: version } = plan;
  const info = readBuildInfo(servedDir(paths, app, version));
  const files = Object.entries(info?.digests ?? {}).filter(([file]) => !/\.(br|gz)$/.test(file));
  const problems = [];
  for (const [file, digest] of files) {
    const url = new URL(`/mf/${app.folder}/${version}/${file}`, paths.publicUrl);
    const answer = await fetch(url).then(
      async (r) => (r.ok ? sha256Of(Buffer.from(await r.arrayBuffer())) : `HTTP ${r.status}`),
      (error) => `unreachable (${error.message})`,
    );
    if (answer !== digest) problems.push(`${url.href}: ${answer.startsWith('sha256-') ? `other bytes (${answer})` : answer}`);
    if (problems.length >= 5) break;
  }
  if (problems.length)
    throw new DeployError(
      `${plan.entry.name}: released ${app.folder} ${version}, but guests do not get its files as built:\n  - ${problems.join('\n  - ')}\n  Roll back (deploy rollback ${app.folder} --host ${plan.entry.name}) or fix the serving side`,
    );
  log(`${plan.entry.name}: verified at ${paths.publicUrl}: ${prefix ?? `${app.folder} ${version}: `}${files.length} file(s) with the built digests`);
}
