// The release gate (import-map-deployer's idea): before a descriptor line changes, the candidate must
//   1. run on the host's shell: every shared singleton it requires is provided by that shell in a
//      version satisfying the range (and, releasing a shell, every remote of the host runs on it);
//   2. speak a contract version the API accepts;
//   3. be complete: every file its build lists is there, and answers at the public URL when one is known.
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { integrityProblems } from '../../shared/build/integrity.mjs';
import { isProductionDescriptor } from '../../shared/build/production-hosts.mjs';
import { isPublished, readBuildInfo, servedDir } from './builds.mjs';
import { DeployError } from './errors.mjs';
import { REPO_ROOT } from './paths.mjs';
import { REMOTES, versionIn } from './remotes.mjs';

const CONTRACT_FILE = path.join(REPO_ROOT, 'shared', 'src', 'contract', 'contract-version.json');

/** Problems of running `remoteInfo` on `shellInfo` (empty when it runs). */
export function singletonProblems(remoteInfo, shellInfo) {
  const problems = [];
  for (const [name, range] of Object.entries(remoteInfo.requires ?? {})) {
    const provided = shellInfo.provides?.[name];
    if (provided === undefined)
      problems.push(`${remoteInfo.app} ${remoteInfo.version} needs ${name} ${range}, which shell ${shellInfo.version} does not provide`);
    else if (!semver.satisfies(provided, range))
      problems.push(`${remoteInfo.app} ${remoteInfo.version} needs ${name} ${range}, shell ${shellInfo.version} provides ${provided}`);
  }
  return problems;
}

/** The contract versions the API accepts: asked from the API at the public URL, else this checkout's. */
async function acceptedContracts(publicUrl) {
  if (publicUrl) {
    const response = await fetch(new URL('/api/contract', publicUrl)).catch((error) => {
      throw new DeployError(`The API at ${publicUrl} does not answer (${error.message}); nothing was released`);
    });
    if (!response.ok) throw new DeployError(`The API at ${publicUrl} answered ${response.status} for /api/contract; nothing was released`);
    return (await response.json()).accepted;
  }
  return JSON.parse(fs.readFileSync(CONTRACT_FILE, 'utf8')).accepted;
}

function infoOf(paths, app, version) {
  const dir = servedDir(paths, app, version);
  const info = dir ? readBuildInfo(dir) : null;
  if (!info) throw new DeployError(`${app.folder} ${version} has no build-info.json (built before releases were gated? rebuild it as a new version)`);
  return { dir, info };
}

async function fileProblems(paths, app, version, dir, info) {
  const files = app.key === 'shell' ? info.files : ['mf-manifest.json', ...info.files];
  const missing = files.filter((file) => !fs.existsSync(path.join(dir, file)));
  if (missing.length)
    return [
      `${app.folder} ${version} is incomplete: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''} missing in ${dir}`,
    ];
  // Every byte as built (docs/requirements.md#release-integrity): a tampered or damaged file is refused.
  const damaged = integrityProblems(dir);
  if (damaged.length)
    return [
      `${app.folder} ${version} failed its integrity check in ${dir} (tampered or damaged): ${damaged.slice(0, 5).join('; ')}${damaged.length > 5 ? ` and ${damaged.length - 5} more` : ''}`,
    ];
  if (!paths.publicUrl || app.key === 'shell') return [];
  const problems = [];
  for (const file of files) {
    const url = new URL(`/mf/${app.folder}/${version}/${file}`, paths.publicUrl);
    const status = await fetch(url, { method: 'HEAD' }).then(
      (r) => r.status,
      (error) => `unreachable (${error.message})`,
    );
    if (status !== 200) problems.push(`${url.href} answers ${status}`);
    if (problems.length >= 5) break;
  }
  return problems;
}

/** Throws a DeployError listing every reason the version may not be released on this descriptor. */
export async function gate(paths, app, version, entry) {
  const { dir, info } = infoOf(paths, app, version);
  const production = isProductionDescriptor(entry.json);
  const problems = [];
  if (app.key === 'shell') {
    for (const remote of REMOTES) {
      const remoteVersion = versionIn(entry.json, remote);
      problems.push(...singletonProblems(infoOf(paths, remote, remoteVersion).info, info));
    }
  } else {
    const shell = { folder: 'shell', key: 'shell' };
    const shellVersion = versionIn(entry.json, shell);
    // What guests load: the shell the host's descriptor names, as published (never this machine's local build).
    if (production && (shellVersion === 'local' || !isPublished(paths, shell, shellVersion))) {
      problems.push(
        `${entry.name} is a production host and runs ${shellVersion === 'local' ? 'no published shell (the local build of whichever machine serves it)' : `shell ${shellVersion}, which is not published`}: ` +
          `publish and release a shell first (deploy release shell <version> --host ${entry.name})`,
      );
    } else {
      problems.push(...singletonProblems(info, infoOf(paths, shell, shellVersion).info));
    }
  }
  if (production && !paths.publicUrl) {
    problems.push(
      `${entry.name} is a production host: set DEPLOY_PUBLIC_URL to its URL, so the gate checks the contract versions its own API accepts and the files guests fetch`,
    );
  }
  const accepted = await acceptedContracts(paths.publicUrl);
  if (!accepted.includes(info.contractVersion)) {
    problems.push(`${app.folder} ${version} speaks contract ${info.contractVersion}, the API accepts ${accepted.join(', ')}`);
  }
  problems.push(...(await fileProblems(paths, app, version, dir, info)));
  if (problems.length) throw new DeployError(`${entry.name}: refused to release ${app.folder} ${version}:\n  - ${problems.join('\n  - ')}`);
}
