import type { ResolvedDescriptor } from '@shop/shared/contract';

/** Per-browser remote versions for QA (the import-map-overrides idea), kept under this key. */
export const VERSION_OVERRIDES_KEY = 'shell:mfVersionOverrides';
/** `?mf-override=mf_menu@0.3.0` sets one (repeatable), `?mf-override=reset` clears them. */
export const OVERRIDE_PARAM = 'mf-override';
const VERSION = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

export type VersionOverrides = Record<string, string>;

function readStored(storage: Pick<Storage, 'getItem'>): VersionOverrides {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(VERSION_OVERRIDES_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && VERSION.test(entry[1])));
  } catch {
    return {};
  }
}

/**
 * The descriptor with this browser's version overrides applied, only on a preview host (the
 * descriptor says `preview: true`); on any other host overrides are ignored and never stored, so a
 * link cannot put a guest of a production host on another version. Unknown remotes and values that
 * are not versions are ignored.
 */
export function applyVersionOverrides(
  descriptor: ResolvedDescriptor,
  search: string,
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
): { descriptor: ResolvedDescriptor; overrides: VersionOverrides } {
  if (!descriptor.preview) return { descriptor, overrides: {} };
  let overrides = readStored(storage);
  const requested = new URLSearchParams(search).getAll(OVERRIDE_PARAM);
  for (const value of requested) {
    if (value === 'reset') {
      overrides = {};
      continue;
    }
    const [name = '', version = ''] = value.split('@');
    if (name in descriptor.remotes && VERSION.test(version)) overrides = { ...overrides, [name]: version };
  }
  if (requested.length) {
    if (Object.keys(overrides).length) storage.setItem(VERSION_OVERRIDES_KEY, JSON.stringify(overrides));
    else storage.removeItem(VERSION_OVERRIDES_KEY);
  }
  const remotes = { ...descriptor.remotes };
  const applied: VersionOverrides = {};
  for (const [name, version] of Object.entries(overrides)) {
    const current = remotes[name];
    if (!current || current.version === version) continue;
    remotes[name] = { version, entry: current.entry.replace(`/${current.version}/`, `/${version}/`) };
    applied[name] = version;
  }
  return { descriptor: { ...descriptor, remotes }, overrides: applied };
}
