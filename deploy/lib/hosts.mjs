// Host descriptors (in the store's control plane, seeded from deploy/hosts/*.json): choosing by file
// or host name, and the one-line edit that releases a remote version.
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { DeployError } from './errors.mjs';

function hostsOf(entry) {
  return Array.isArray(entry.json?.hosts) ? entry.json.hosts.map((h) => String(h).toLowerCase()) : [];
}

/** The default descriptor: the one whose hosts contain '*'. */
export function defaultHostFile(entries) {
  const found = entries.filter((e) => hostsOf(e).includes('*'));
  if (found.length !== 1) {
    throw new DeployError(
      found.length === 0
        ? "No default descriptor (hosts containing '*'); name one with --host <file-or-host> or use --all"
        : `Several default descriptors (${found.map((e) => e.name).join(', ')}); name one with --host`,
    );
  }
  return found[0];
}

/**
 * The descriptor a --host value means: a path to a file in the hosts folder, a file name with or
 * without '.json', or a host name listed in a descriptor's `hosts` (a port is ignored).
 */
export function resolveHostFile(entries, dirs, value) {
  const hostsDirs = Array.isArray(dirs) ? dirs.map((d) => path.resolve(d)) : [path.resolve(dirs)];
  const hostsDir = hostsDirs.at(-1);
  const raw = String(value ?? '').trim();
  if (!raw) throw new DeployError('--host needs a value: a descriptor file (hamburg.json) or a host name (hamburg.localhost)');
  const list = () => entries.map((e) => `${e.name} (${hostsOf(e).join(', ')})`).join('; ');

  if (raw.includes('/') || raw.includes(path.sep)) {
    const file = path.resolve(raw);
    if (!hostsDirs.includes(path.dirname(file))) throw new DeployError(`${raw} is not a descriptor in ${hostsDir}`);
    const entry = entries.find((e) => e.name === path.basename(file));
    if (!entry) throw new DeployError(`No descriptor ${raw}. Descriptors: ${list()}`);
    return entry;
  }
  const lower = raw.toLowerCase();
  const byFile = entries.find((e) => e.name.toLowerCase() === lower || e.name.toLowerCase() === `${lower}.json`);
  if (byFile) return byFile;
  const hostName = lower.replace(/:\d+$/, '');
  const byHost = entries.filter((e) => hostsOf(e).includes(hostName));
  if (byHost.length === 1) return byHost[0];
  if (byHost.length > 1) throw new DeployError(`Host ${raw} is listed in several descriptors: ${byHost.map((e) => e.name).join(', ')}`);
  throw new DeployError(`Unknown host "${raw}". Descriptors: ${list()}`);
}

/**
 * Changes the version of one remote in a descriptor's text: exactly the line
 * `"mf_menu": "x.y.z",` is rewritten, every other byte stays as it was.
 */
export function replaceRemoteLine(text, remoteKey, version) {
  const lines = text.split('\n');
  const pattern = new RegExp(`^(\\s*"${remoteKey}"\\s*:\\s*")([^"\\\\]*)("\\s*,?\\s*\\r?)$`);
  const hits = [];
  lines.forEach((line, index) => {
    if (pattern.test(line)) hits.push(index);
  });
  if (hits.length !== 1) {
    throw new DeployError(
      hits.length === 0
        ? `no line of the form "${remoteKey}": "x.y.z" (one remote per line is required for a one-line release)`
        : `${hits.length} lines of the form "${remoteKey}": "x.y.z"; expected exactly one`,
    );
  }
  const index = hits[0];
  const match = pattern.exec(lines[index]);
  const from = match[2];
  lines[index] = lines[index].replace(pattern, (_all, head, _old, tail) => `${head}${version}${tail}`);
  return { text: lines.join('\n'), from, line: index + 1 };
}

/**
 * Changes the shell version of a descriptor: its `"shell": "x.y.z",` line, inserted above `"remotes"`
 * when the host ran the local shell, removed when it goes back to it ('local').
 */
export function replaceShellLine(text, version) {
  const lines = text.split('\n');
  const pattern = /^(\s*"shell"\s*:\s*")([^"\\]*)("\s*,?\s*\r?)$/;
  const index = lines.findIndex((line) => pattern.test(line));
  if (index >= 0) {
    const from = pattern.exec(lines[index])[2];
    if (version === 'local') lines.splice(index, 1);
    else lines[index] = lines[index].replace(pattern, (_all, head, _old, tail) => `${head}${version}${tail}`);
    return { text: lines.join('\n'), from, line: index + 1 };
  }
  if (version === 'local') throw new DeployError('the descriptor runs the local shell already');
  const remotesLine = lines.findIndex((line) => /^\s*"remotes"\s*:/.test(line));
  if (remotesLine < 0) throw new DeployError('no "remotes" line to put the shell version above');
  const indent = /^\s*/.exec(lines[remotesLine])[0];
  lines.splice(remotesLine, 0, `${indent}"shell": "${version}",`);
  return { text: lines.join('\n'), from: 'local', line: remotesLine + 1 };
}

/**
 * Checks that the new text differs from the old descriptor only in the app's version: the edited
 * line really was its entry, not a look-alike elsewhere.
 */
export function assertOnlyRemoteChanged(oldJson, newText, remoteKey, version) {
  const next = JSON.parse(newText);
  let expected;
  if (remoteKey === 'shell') {
    const { shell: _previous, ...rest } = oldJson;
    expected = version === 'local' ? rest : { ...oldJson, shell: version };
  } else {
    expected = { ...oldJson, remotes: { ...oldJson.remotes, [remoteKey]: version } };
  }
  if (!isDeepStrictEqual(next, expected)) {
    throw new DeployError(`the edited line is not ${remoteKey === 'shell' ? 'shell' : `remotes.${remoteKey}`}; refusing to change anything else`);
  }
  return next;
}
