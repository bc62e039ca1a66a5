// build, publish, release, rollback and status: the deploy command's jobs.
import path from 'node:path';
import { buildProblem, buildVersion, builtVersions, isPublished, requireBuild, servedDir } from './builds.mjs';
import { DeployError, usageError } from './errors.mjs';
import { gate } from './gate.mjs';
import {
  assertOnlyRemoteChanged,
  defaultHostFile,
  readHostFile,
  readHostFiles,
  replaceRemoteLine,
  replaceShellLine,
  resolveHostFile,
  writeHostFile,
} from './hosts.mjs';
import { withLock } from './lock.mjs';
import { appendLog, readLog, releaseStack } from './release-log.mjs';
import { descriptorProblems } from './schema.mjs';
import { APPS, findRemote, VERSION_PATTERN, versionIn } from './remotes.mjs';
import { publishVersion } from './store.mjs';
import { pullFromS3, pullLog, pushLog, uploadToS3 } from './s3.mjs';

function remoteArg(name) {
  if (!name) throw usageError('Name the app: one of ' + APPS.map((r) => r.folder).join(', '));
  const remote = findRemote(name);
  if (remote) return remote;
  throw new DeployError(`Unknown app "${name}". Apps: ${APPS.map((r) => r.folder).join(', ')}`);
}

function versionArg(version) {
  if (!version) throw usageError('Name the version to release, e.g. 0.2.0');
  if (!VERSION_PATTERN.test(version)) throw new DeployError(`"${version}" is not a version (expected x.y.z, e.g. 0.2.0)`);
  return version;
}

/** The descriptors a command acts on: --all, --host <file-or-host>, or the default ('*') one. */
function targetsOf(paths, options) {
  if (options.all && options.host) throw usageError('Use either --host or --all, not both');
  const entries = readHostFiles(paths.hostsDir);
  if (options.all) return entries;
  if (options.host) return [resolveHostFile(entries, paths.hostsDir, options.host)];
  return [defaultHostFile(entries)];
}

async function requireValid(entry) {
  const problems = await descriptorProblems(entry.json);
  if (problems.length) throw new DeployError(`${entry.name} is not a valid host descriptor (${problems.join('; ')}); fix it first`);
}

/** Plans one line change: validates before and after, changes nothing yet. */
async function planChange(entry, remote, version) {
  await requireValid(entry);
  let edit;
  try {
    edit = remote.key === 'shell' ? replaceShellLine(entry.text, version) : replaceRemoteLine(entry.text, remote.key, version);
  } catch (error) {
    if (error instanceof DeployError) throw new DeployError(`${entry.name}: ${error.message}`);
    throw error;
  }
  let next;
  try {
    next = assertOnlyRemoteChanged(entry.json, edit.text, remote.key, version);
  } catch (error) {
    throw new DeployError(`${entry.name}: ${error.message}`);
  }
  const problems = await descriptorProblems(next);
  if (problems.length) throw new DeployError(`${entry.name} would not be valid after the change (${problems.join('; ')})`);
  return { entry, from: edit.from, to: version, line: edit.line, text: edit.text };
}

function apply(paths, plan, action, log) {
  // Re-read under the lock: refuse if someone changed the file since it was planned.
  const now = readHostFile(paths.hostsDir, plan.entry.name);
  if (now.text !== plan.entry.text) throw new DeployError(`${plan.entry.name} changed while planning; run the command again`);
  writeHostFile(plan.entry.file, plan.text);
  appendLog(paths.logFile, {
    time: new Date().toISOString(),
    action,
    hostFile: plan.entry.name,
    remote: plan.remote.folder,
    from: plan.from,
    to: plan.to,
  });
  log(`${plan.entry.name}: ${plan.remote.folder} ${plan.from} → ${plan.to} (line ${plan.line})`);
}

/** The versions a host runs, pulled from the bucket when they are not in the local store (the gate reads them). */
async function pullHostVersions(paths, entry) {
  for (const app of APPS) {
    const version = versionIn(entry.json, app);
    if (typeof version === 'string') await pullFromS3(paths, app, version);
  }
}

/** build <app> <version>: builds exactly this app as this version (an existing version only byte-identically). */
export async function build(paths, args, _options, { log = console.log } = {}) {
  const [name, versionName, ...rest] = args;
  if (rest.length) throw usageError(`Unexpected argument(s): ${rest.join(' ')}`);
  const app = remoteArg(name);
  const version = versionArg(versionName);
  buildVersion(paths, app, version, { log });
  return { built: 1 };
}

/** publish <app> <version>: puts a built version into the artifact store (immutable from then on). */
export async function publish(paths, args, _options, { log = console.log } = {}) {
  const [name, versionName, ...rest] = args;
  if (rest.length) throw usageError(`Unexpected argument(s): ${rest.join(' ')}`);
  const app = remoteArg(name);
  const version = versionArg(versionName);
  requireBuild(paths, app, version);
  const outcome = publishVersion(paths, app, version);
  log(outcome === 'published' ? `${app.folder} ${version} published to ${paths.storeDir}` : `${app.folder} ${version} is published already (identical)`);
  await uploadToS3(paths, app, version, log);
  return { outcome };
}

export async function release(paths, args, options, { log = console.log } = {}) {
  const [remoteName, versionName, ...rest] = args;
  if (rest.length) throw usageError(`Unexpected argument(s): ${rest.join(' ')}`);
  const remote = remoteArg(remoteName);
  const version = versionArg(versionName);
  const targets = targetsOf(paths, options);

  await pullLog(paths);
  await pullFromS3(paths, remote, version);
  if (options.build) {
    if (buildProblem(paths, remote, version) === null) {
      log(`${remote.folder} ${version} is already built; not rebuilt (versions are immutable: bump the version to ship new code)`);
    } else {
      buildVersion(paths, remote, version, { log });
    }
  }
  requireBuild(paths, remote, version);
  // Released versions are published first: every machine sharing the store serves them, and they never change.
  if (!isPublished(paths, remote, version)) {
    publishVersion(paths, remote, version);
    log(`${remote.folder} ${version} published to ${paths.storeDir}`);
  }
  await uploadToS3(paths, remote, version, log);

  const plans = [];
  for (const entry of targets) {
    if (versionIn(entry.json, remote) === version) {
      log(`${entry.name}: ${remote.folder} is already ${version}; unchanged`);
      continue;
    }
    await requireValid(entry);
    await pullHostVersions(paths, entry);
    await gate(paths, remote, version, entry);
    plans.push({ ...(await planChange(entry, remote, version)), remote });
  }
  if (plans.length === 0) return { changed: 0 };
  withLock(path.dirname(paths.logFile), () => plans.forEach((plan) => apply(paths, plan, 'release', log)));
  await pushLog(paths);
  return { changed: plans.length };
}

export async function rollback(paths, args, options, { log = console.log } = {}) {
  const [remoteName, ...rest] = args;
  if (rest.length) throw usageError(`Unexpected argument(s): ${rest.join(' ')} (rollback goes back to the previous version from the release log)`);
  const remote = remoteArg(remoteName);
  const targets = targetsOf(paths, options);
  await pullLog(paths);
  const entries = readLog(paths.logFile);

  const plans = [];
  const skipped = [];
  for (const entry of targets) {
    const current = versionIn(entry.json, remote);
    const last = releaseStack(entries, entry.name, remote.folder).at(-1);
    if (!last) {
      const message = `${entry.name}: no release of ${remote.folder} in ${paths.logFile} to roll back (it is at ${current})`;
      if (!options.all) throw new DeployError(message);
      skipped.push(message);
      continue;
    }
    if (last.to !== current) {
      throw new DeployError(
        `${entry.name}: ${remote.folder} is at ${current}, but the last release in the log set ${last.to} (the file was changed by hand?). ` +
          `Release the version you want explicitly: release ${remote.folder} <version> --host ${entry.name}`,
      );
    }
    if (last.from !== 'local') {
      await pullFromS3(paths, remote, last.from);
      await pullHostVersions(paths, entry);
      requireBuild(paths, remote, last.from);
      await gate(paths, remote, last.from, entry);
    }
    plans.push({ ...(await planChange(entry, remote, last.from)), remote });
  }
  skipped.forEach((m) => log(m));
  if (plans.length === 0) throw new DeployError(`Nothing to roll back for ${remote.folder}`);
  withLock(path.dirname(paths.logFile), () => plans.forEach((plan) => apply(paths, plan, 'rollback', log)));
  await pushLog(paths);
  return { changed: plans.length };
}

function table(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  return rows
    .map((r) =>
      r
        .map((cell, c) => String(cell).padEnd(widths[c]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export async function status(paths, args, _options, { log = console.log } = {}) {
  if (args.length) throw usageError(`status takes no arguments (got ${args.join(' ')})`);
  const entries = readHostFiles(paths.hostsDir);
  let missing = 0;
  let invalid = 0;
  const rows = [['descriptor', 'hosts', ...APPS.map((r) => r.folder)]];
  for (const entry of entries) {
    const problems = await descriptorProblems(entry.json);
    if (problems.length) invalid++;
    const hosts = (entry.json?.hosts ?? []).map((h) => (h === '*' ? '* (default)' : h)).join(', ');
    const cells = APPS.map((remote) => {
      const version = versionIn(entry.json, remote);
      if (typeof version !== 'string') return '—';
      const ok = version === 'local' ? servedDir(paths, remote, 'local') !== null : buildProblem(paths, remote, version) === null;
      if (!ok) missing++;
      const where = version !== 'local' && isPublished(paths, remote, version) ? '✓ published' : '✓ built';
      return `${version} ${ok ? where : '✗ missing'}`;
    });
    rows.push([entry.name + (problems.length ? ' (INVALID)' : ''), hosts, ...cells]);
  }
  log(table(rows));
  log('');
  log(`Versions (built locally or published in ${paths.storeDir}):`);
  for (const remote of APPS) {
    const versions = builtVersions(paths, remote);
    log(`  ${remote.folder.padEnd(12)} ${versions.length ? versions.join(', ') : 'none'}`);
  }
  if (missing) log(`\n${missing} referenced build(s) missing: those remotes cannot load on their hosts until built.`);
  if (invalid) log(`\n${invalid} descriptor(s) invalid: the API refuses to serve them.`);
  return { missing, invalid };
}
