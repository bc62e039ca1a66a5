// build, publish, release, rollback and status: the deploy command's jobs.
import { buildProblem, buildVersion, builtVersions, isPublished, requireBuild, servedDir } from './builds.mjs';
import { DeployError, usageError } from './errors.mjs';
import { isProductionDescriptor } from '../../shared/build/production-hosts.mjs';
import { gate } from './gate.mjs';
import { auditOf, requireCredential } from './audit.mjs';
import { openControl } from './control.mjs';
import { assertOnlyRemoteChanged, defaultHostFile, replaceRemoteLine, replaceShellLine, resolveHostFile } from './hosts.mjs';
import { releaseStack } from './release-log.mjs';
import { descriptorProblems } from './schema.mjs';
import { APPS, findRemote, VERSION_PATTERN, versionIn } from './remotes.mjs';
import { publishVersion } from './store.mjs';
import { verifiablePlans, verifyFiles, verifyRelease } from './verify.mjs';
import { canariesWith, editCanaries, percentArg } from './canary.mjs';
import { pullFromS3, uploadToS3 } from './s3.mjs';

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
async function targetsOf(paths, control, options) {
  if (options.all && options.host) throw usageError('Use either --host or --all, not both');
  const entries = await control.entries();
  if (options.all) return entries;
  if (options.host) return [resolveHostFile(entries, [paths.hostsDir, control.descriptorsDir], options.host)];
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

/** Writes one planned descriptor change (compare-and-swap against the version planned on) and its log entry. */
async function apply(paths, control, plan, action, log) {
  await control.write(plan.entry, plan.text);
  await control.appendLog({
    time: new Date().toISOString(),
    action,
    hostFile: plan.entry.name,
    remote: plan.remote.folder,
    from: plan.from,
    to: plan.to,
    ...plan.extra,
    ...auditOf(paths, plan.remote, plan.to),
  });
  log(`${plan.entry.name}: ${plan.remote.folder} ${plan.from} → ${plan.to} (line ${plan.line})`);
}

/** Opens the control plane, takes the release lease for the command and closes both afterwards. */
async function underLease(paths, command, fn) {
  const control = await openControl(paths);
  try {
    const { actor, machine } = auditOf(paths);
    return await control.withLease({ actor, machine, command }, () => fn(control));
  } finally {
    control.close();
  }
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
  if (options.all && options.host) throw usageError('Use either --host or --all, not both');
  return underLease(paths, `release ${remote.folder} ${version}`, (control) => releaseLeased(paths, control, remote, version, options, log));
}

async function releaseLeased(paths, control, remote, version, options, log) {
  const targets = await targetsOf(paths, control, options);
  await ensurePublished(paths, remote, version, options, log);

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
  await requireProductionCredential(paths, control, plans);
  for (const plan of plans) await apply(paths, control, plan, 'release', log);
  for (const plan of verifiablePlans(paths, plans, isProductionDescriptor)) await verifyRelease(paths, plan, { log });
  return { changed: plans.length };
}

const requireProductionCredential = (paths, control, plans) =>
  requireCredential(
    paths,
    control,
    plans.map((p) => p.entry).filter((e) => isProductionDescriptor(e.json)),
  );

/** The version built (with --build) and published, in the folder and the bucket: every machine can serve it. */
async function ensurePublished(paths, remote, version, options, log) {
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
}

export async function rollback(paths, args, options, { log = console.log } = {}) {
  const [remoteName, ...rest] = args;
  if (rest.length) throw usageError(`Unexpected argument(s): ${rest.join(' ')} (rollback goes back to the previous version from the release log)`);
  const remote = remoteArg(remoteName);
  if (options.all && options.host) throw usageError('Use either --host or --all, not both');
  return underLease(paths, `rollback ${remote.folder}`, (control) => rollbackLeased(paths, control, remote, options, log));
}

async function rollbackLeased(paths, control, remote, options, log) {
  const targets = await targetsOf(paths, control, options);
  const entries = await control.readLog();

  const plans = [];
  const skipped = [];
  for (const entry of targets) {
    const current = versionIn(entry.json, remote);
    // A running canary is what a rollback undoes first: every browser back on the host's version.
    const running = entry.json?.canaries?.[remote.key];
    if (running) {
      await requireValid(entry);
      plans.push({
        ...(await planCanaries(entry, canariesWith(entry.json, remote.key, undefined))),
        remote,
        from: running.version,
        to: current,
        action: 'canary-rollback',
      });
      continue;
    }
    const last = releaseStack(entries, entry.name, remote.folder).at(-1);
    if (!last) {
      const message = `${entry.name}: no release of ${remote.folder} in the release log of ${control.store.describe()} to roll back (it is at ${current})`;
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
  await requireProductionCredential(paths, control, plans);
  for (const plan of plans) await apply(paths, control, plan, 'action' in plan ? plan.action : 'rollback', log);
  const verifiable = verifiablePlans(paths, plans, isProductionDescriptor);
  for (const plan of verifiable) await verifyRelease(paths, plan, { log });
  return { changed: plans.length };
}

/** A descriptor change of the canaries line (and, promoting, the remote's line), validated before and after. */
async function planCanaries(entry, canaries, promote) {
  const { text, line, next } = editCanaries(entry, canaries, promote);
  const problems = await descriptorProblems(next);
  if (problems.length) throw new DeployError(`${entry.name} would not be valid after the change (${problems.join('; ')})`);
  return { entry, text, line };
}

/** canary <app> <version> --percent <n>: the version for n % of the host's browsers (sticky per browser), gated like a release. */
export async function canary(paths, args, options, { log = console.log } = {}) {
  const [remoteName, versionName, ...rest] = args;
  if (rest.length) throw usageError(`Unexpected argument(s): ${rest.join(' ')}`);
  const remote = remoteArg(remoteName);
  if (remote.key === 'shell') throw new DeployError('Canaries are for remotes; the shell is released per host (release shell <version> --host …)');
  const version = versionArg(versionName);
  const percent = percentArg(options.percent);
  if (options.all && options.host) throw usageError('Use either --host or --all, not both');
  return underLease(paths, `canary ${remote.folder} ${version} ${percent}%`, async (control) => {
    const targets = await targetsOf(paths, control, options);
    await ensurePublished(paths, remote, version, options, log);
    const plans = [];
    for (const entry of targets) {
      const stable = versionIn(entry.json, remote);
      const running = entry.json?.canaries?.[remote.key];
      if (stable === version)
        throw new DeployError(`${entry.name}: ${remote.folder} ${version} runs for every browser already; a canary needs another version`);
      if (running?.version === version && running.percent === percent) {
        log(`${entry.name}: the canary ${remote.folder} ${version} runs for ${percent} % already; unchanged`);
        continue;
      }
      await requireValid(entry);
      await pullHostVersions(paths, entry);
      await gate(paths, remote, version, entry);
      const canaries = canariesWith(entry.json, remote.key, { version, percent });
      plans.push({ ...(await planCanaries(entry, canaries)), remote, from: stable, to: version, extra: { percent } });
    }
    if (plans.length === 0) return { changed: 0 };
    await requireProductionCredential(paths, control, plans);
    for (const plan of plans) await apply(paths, control, plan, 'canary', log);
    // The descriptor differs per browser: the check after the release fetches the canary's files at the public URL.
    for (const plan of verifiablePlans(paths, plans, isProductionDescriptor)) await verifyFiles(paths, plan, { log });
    return { changed: plans.length };
  });
}

/** promote <app>: the running canary becomes the host's version for every browser (the canary line goes). */
export async function promote(paths, args, options, { log = console.log } = {}) {
  const [remoteName, ...rest] = args;
  if (rest.length) throw usageError(`Unexpected argument(s): ${rest.join(' ')} (promote takes the version of the running canary)`);
  const remote = remoteArg(remoteName);
  if (options.all && options.host) throw usageError('Use either --host or --all, not both');
  return underLease(paths, `promote ${remote.folder}`, async (control) => {
    const targets = await targetsOf(paths, control, options);
    const plans = [];
    for (const entry of targets) {
      const running = entry.json?.canaries?.[remote.key];
      if (!running) {
        if (options.all) continue;
        throw new DeployError(`${entry.name}: no canary of ${remote.folder} is running to promote`);
      }
      await requireValid(entry);
      await pullFromS3(paths, remote, running.version);
      await pullHostVersions(paths, entry);
      requireBuild(paths, remote, running.version);
      await gate(paths, remote, running.version, entry);
      const canaries = canariesWith(entry.json, remote.key, undefined);
      const change = await planCanaries(entry, canaries, { key: remote.key, version: running.version });
      plans.push({ ...change, remote, from: versionIn(entry.json, remote), to: running.version });
    }
    if (plans.length === 0) throw new DeployError(`No canary of ${remote.folder} is running to promote`);
    await requireProductionCredential(paths, control, plans);
    // Logged as a release: a later rollback goes back to the version before the canary.
    for (const plan of plans) await apply(paths, control, plan, 'promote', log);
    for (const plan of verifiablePlans(paths, plans, isProductionDescriptor)) await verifyRelease(paths, plan, { log });
    return { changed: plans.length };
  });
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
  const control = await openControl(paths);
  let entries;
  try {
    entries = await control.entries();
  } finally {
    control.close();
  }
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
      const running = entry.json?.canaries?.[remote.key];
      const canaryNote = running ? ` (canary ${running.version} for ${running.percent} %)` : '';
      return `${version} ${ok ? where : '✗ missing'}${canaryNote}`;
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

/**
 * bootstrap: publishes the baseline (docs/requirements.md#release-baseline): every version the store's
 * descriptors (seeded from deploy/hosts) name is published (built first where no build exists), so a
 * second machine with only the store serves every host and no development build can change what a
 * descriptor names. Run once per store, before the first start of an API on it; idempotent.
 */
export async function bootstrap(paths, args, _options, { log = console.log } = {}) {
  if (args.length) throw usageError(`bootstrap takes no arguments (got ${args.join(' ')})`);
  const control = await openControl(paths);
  let entries;
  try {
    entries = await control.entries();
  } finally {
    control.close();
  }
  if (control.seeded.length) log(`Seeded ${control.store.describe()} with ${control.seeded.join(', ')} from ${paths.hostsDir}`);
  const named = new Map();
  for (const entry of entries)
    for (const app of APPS) {
      const version = versionIn(entry.json, app);
      if (typeof version === 'string' && version !== 'local') named.set(`${app.folder} ${version}`, { app, version });
      const canaryVersion = entry.json?.canaries?.[app.key]?.version;
      if (typeof canaryVersion === 'string') named.set(`${app.folder} ${canaryVersion}`, { app, version: canaryVersion });
    }
  let published = 0;
  for (const { app, version } of [...named.values()].sort((a, b) => a.app.folder.localeCompare(b.app.folder) || a.version.localeCompare(b.version))) {
    await pullFromS3(paths, app, version);
    if (!isPublished(paths, app, version)) {
      if (buildProblem(paths, app, version) !== null) buildVersion(paths, app, version, { log });
      requireBuild(paths, app, version);
      publishVersion(paths, app, version);
      published++;
      log(`${app.folder} ${version} published to ${paths.storeDir}`);
    } else {
      log(`${app.folder} ${version} is published`);
    }
    await uploadToS3(paths, app, version, log);
  }
  log(`Baseline: ${named.size} version(s) named by ${entries.length} descriptor(s); ${published} published now.`);
  return { published };
}
