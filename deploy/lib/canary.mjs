// Canary releases (docs/requirements.md#release-canary): the descriptor's one `"canaries"` line —
// which remote versions run for which share of the host's browsers — and the edits of `canary`,
// `promote` and `rollback`. The API decides per browser (api/src/deploy/canary.ts).
import { isDeepStrictEqual } from 'node:util';
import { DeployError, usageError } from './errors.mjs';
import { replaceRemoteLine } from './hosts.mjs';

const CANARIES_LINE = /^(\s*)"canaries"\s*:.*?(,?)\s*\r?$/;

/** `--percent`: a whole number from 1 to 99 (0 is a rollback, 100 a promote). */
export function percentArg(value) {
  if (value === undefined) throw usageError('Name the share of browsers: --percent <1–99>');
  const percent = Number(value);
  if (!Number.isInteger(percent) || percent < 1 || percent > 99)
    throw new DeployError(`--percent ${value}: expected a whole number from 1 to 99 (promote for everyone, rollback for no one)`);
  return percent;
}

/** The canaries of a descriptor with `key`'s set to `canary` (or removed when undefined). */
export function canariesWith(json, key, canary) {
  const { [key]: _previous, ...others } = json.canaries ?? {};
  return canary ? { ...others, [key]: canary } : others;
}

/** The descriptor as it must read after the change (no `canaries` when none is left). */
function expectedJson(json, canaries, remoteKey, remoteVersion) {
  const { canaries: _previous, ...rest } = json;
  const next = remoteKey ? { ...rest, remotes: { ...json.remotes, [remoteKey]: remoteVersion } } : rest;
  return Object.keys(canaries).length ? { ...next, canaries } : next;
}

/**
 * Writes the `"canaries"` line: replaced in place, inserted above `"remotes"` for the first canary,
 * removed with the last. Every other byte stays.
 */
export function replaceCanariesLine(text, canaries) {
  const lines = text.split('\n');
  const index = lines.findIndex((line) => CANARIES_LINE.test(line));
  const empty = Object.keys(canaries).length === 0;
  if (index >= 0) {
    const [, indent, comma] = CANARIES_LINE.exec(lines[index]);
    if (empty) lines.splice(index, 1);
    else lines[index] = `${indent}"canaries": ${JSON.stringify(canaries)}${comma}`;
    return { text: lines.join('\n'), line: index + 1 };
  }
  if (empty) throw new DeployError('no canary is running');
  const remotesLine = lines.findIndex((line) => /^\s*"remotes"\s*:/.test(line));
  if (remotesLine < 0) throw new DeployError('no "remotes" line to put the canaries above');
  const indent = /^\s*/.exec(lines[remotesLine])[0];
  lines.splice(remotesLine, 0, `${indent}"canaries": ${JSON.stringify(canaries)},`);
  return { text: lines.join('\n'), line: remotesLine + 1 };
}

/**
 * The text of a descriptor with new canaries (and, promoting, the remote's new version), checked to
 * differ from the old one in exactly that.
 */
export function editCanaries(entry, canaries, promote) {
  let edit = replaceCanariesLine(entry.text, canaries);
  if (promote) edit = { ...replaceRemoteLine(edit.text, promote.key, promote.version), line: edit.line };
  let next;
  try {
    next = JSON.parse(edit.text);
  } catch {
    next = undefined; // e.g. a "canaries" object spread over several lines by hand: refused below
  }
  if (!isDeepStrictEqual(next, expectedJson(entry.json, canaries, promote?.key, promote?.version)))
    throw new DeployError(
      `${entry.name}: the edited lines are not the canaries${promote ? ` and remotes.${promote.key}` : ''}; refusing to change anything else`,
    );
  return { text: edit.text, line: edit.line, next };
}
