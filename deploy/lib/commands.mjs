// release, rollback and status: the deploy command's three jobs.
import path from 'node:path';
import { buildProblem, buildRemote, builtVersions, requireBuild } from './builds.mjs';
import { DeployError, usageError } from './errors.mjs';
import { assertOnlyRemoteChanged, defaultHostFile, readHostFile, readHostFiles, replaceRemoteLine, resolveHostFile, writeHostFile } from './hosts.mjs';
import { withLock } from './lock.mjs';
import { appendLog, readLog, releaseStack } from './release-log.mjs';
import { descriptorProblems } from './schema.mjs';
import { findRemote, REMOTES, VERSION_PATTERN } from './remotes.mjs';

function remoteArg(name) {
  if (!name) throw usageError('Name the remote: one of ' + REMOTES.map((r) => r.folder).join(', '));
  const remote = findRemote(name);
  if (remote) return remote;
  if (String(name).toLowerCase() === 'shell') {
    throw new DeployError('The shell is not released per host: it is served from shell/dist (rebuild and restart to change it)');
  }
  throw new DeployError(`Unknown remote "${name}". Remotes: ${REMOTES.map((r) => r.folder).join(', ')}`);
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
    edit = replaceRemoteLine(entry.text, remote.key, version);
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

export async function release(paths, args, options, { log = console.log } = {}) {
  const [remoteName, versionName, ...rest] = args;
  if (rest.length) throw usageError(`Unexpected argument(s): ${rest.join(' ')}`);
  const remote = remoteArg(remoteName);
  const version = versionArg(versionName);
  const targets = targetsOf(paths, options);

  if (options.build) {
    if (buildProblem(paths.appRoot, remote, version) === null) {
      log(`${remote.folder} ${version} is already built; not rebuilt (version folders are immutable: bump the version to ship new code)`);
    } else {
      buildRemote(paths.appRoot, remote, version, { log });
    }
  }
  requireBuild(paths.appRoot, remote, version);

  const plans = [];
  for (const entry of targets) {
    if (entry.json?.remotes?.[remote.key] === version) {
      log(`${entry.name}: ${remote.folder} is already ${version}; unchanged`);
      continue;
    }
    plans.push({ ...(await planChange(entry, remote, version)), remote });
  }
  if (plans.length === 0) return { changed: 0 };
  withLock(path.dirname(paths.logFile), () => plans.forEach((plan) => apply(paths, plan, 'release', log)));
  return { changed: plans.length };
}

export async function rollback(paths, args, options, { log = console.log } = {}) {
  const [remoteName, ...rest] = args;
  if (rest.length) throw usageError(`Unexpected argument(s): ${rest.join(' ')} (rollback goes back to the previous version from the release log)`);
  const remote = remoteArg(remoteName);
  const targets = targetsOf(paths, options);
  const entries = readLog(paths.logFile);

  const plans = [];
  const skipped = [];
  for (const entry of targets) {
    const current = entry.json?.remotes?.[remote.key];
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
    requireBuild(paths.appRoot, remote, last.from);
    plans.push({ ...(await planChange(entry, remote, last.from)), remote });
  }
  skipped.forEach((m) => log(m));
  if (plans.length === 0) throw new DeployError(`Nothing to roll back for ${remote.folder}`);
  withLock(path.dirname(paths.logFile), () => plans.forEach((plan) => apply(paths, plan, 'rollback', log)));
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
  const rows = [['descriptor', 'hosts', ...REMOTES.map((r) => r.folder)]];
  for (const entry of entries) {
    const problems = await descriptorProblems(entry.json);
    if (problems.length) invalid++;
    const hosts = (entry.json?.hosts ?? []).map((h) => (h === '*' ? '* (default)' : h)).join(', ');
    const cells = REMOTES.map((remote) => {
      const version = entry.json?.remotes?.[remote.key];
      if (typeof version !== 'string') return '—';
      const ok = buildProblem(paths.appRoot, remote, version) === null;
      if (!ok) missing++;
      return `${version} ${ok ? '✓' : '✗ missing'}`;
    });
    rows.push([entry.name + (problems.length ? ' (INVALID)' : ''), hosts, ...cells]);
  }
  log(table(rows));
  log('');
  log('Built versions (✓ = build with mf-manifest.json exists):');
  for (const remote of REMOTES) {
    const versions = builtVersions(paths.appRoot, remote);
    log(`  ${remote.folder.padEnd(12)} ${versions.length ? versions.join(', ') : 'none'}`);
  }
  if (missing) log(`\n${missing} referenced build(s) missing: those remotes cannot load on their hosts until built.`);
  if (invalid) log(`\n${invalid} descriptor(s) invalid: the API refuses to serve them.`);
  return { missing, invalid };
}
