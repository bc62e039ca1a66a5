import fs from 'node:fs';
import path from 'node:path';
import { hostDescriptor, type HostDescriptor, type ResolvedDescriptor } from '@shop/shared/contract';
import { remoteVersionFor } from './canary';
import { sharedBranchProblems } from './preview-access';

export interface DescriptorFile {
  readonly file: string;
  readonly descriptor: HostDescriptor;
}

/** Folder names of the remotes, by federation name. */
export const REMOTE_FOLDERS: Record<keyof HostDescriptor['remotes'], string> = {
  mf_menu: 'mf-menu',
  mf_cart: 'mf-cart',
  mf_checkout: 'mf-checkout',
  mf_account: 'mf-account',
  mf_orders: 'mf-orders',
};

/** Answers whether an app version can be served (published or built); used to refuse descriptors naming missing versions. */
export type VersionCheck = (app: string, version: string) => boolean;
/** Further reasons to refuse a descriptor (production: a real Firebase project, firebase-descriptors.ts); empty: fine. */
export type DescriptorCheck = (descriptor: HostDescriptor) => string[];

/** The versions a descriptor names that cannot be served ('mf-menu 0.9.0'). */
export function missingVersions(descriptor: HostDescriptor, exists: VersionCheck): string[] {
  const named: [string, string][] = Object.entries(descriptor.remotes).map(([key, version]) => [
    REMOTE_FOLDERS[key as keyof HostDescriptor['remotes']],
    version,
  ]);
  for (const [key, canary] of Object.entries(descriptor.canaries ?? {})) named.push([REMOTE_FOLDERS[key as keyof HostDescriptor['remotes']], canary.version]);
  if (descriptor.shell) named.push(['shell', descriptor.shell]);
  return named.filter(([app, version]) => !exists(app, version)).map(([app, version]) => `${app} ${version}`);
}

/**
 * Reads and validates every deploy/hosts/*.json; a broken descriptor fails loudly with its file name,
 * as does one naming a version that is neither published nor built (when `exists` is given).
 */
export function readDescriptors(dir: string, exists?: VersionCheck, check?: DescriptorCheck): DescriptorFile[] {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const file = path.join(dir, f);
      let json: unknown;
      try {
        json = JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch (error) {
        throw new Error(`${file}: not valid JSON (${(error as Error).message})`);
      }
      const parsed = hostDescriptor.safeParse(json);
      if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      const missing = exists ? missingVersions(parsed.data, exists) : [];
      if (missing.length) throw new Error(`${file}: names versions that are neither published nor built: ${missing.join(', ')}`);
      const problems = check?.(parsed.data) ?? [];
      if (problems.length) throw new Error(`${file}: ${problems.join('; ')}`);
      return { file, descriptor: parsed.data };
    });
  // A host (or the default '*') in two files would make the choice depend on file order.
  const owner = new Map<string, string>();
  for (const { file, descriptor } of files) {
    for (const host of descriptor.hosts.map((h) => h.toLowerCase())) {
      const other = owner.get(host);
      if (other) throw new Error(`${file}: host "${host}" is also listed in ${other}`);
      owner.set(host, file);
    }
  }
  // A preview host on a real branch's number would put QA orders on that kitchen's board.
  const shared = sharedBranchProblems(files);
  if (shared.length) throw new Error(shared.join('; '));
  return files;
}

/**
 * Descriptors are re-read when a file changes (name, size or mtime), so a release or rollback with
 * the deploy command is live at once, without a restart. The folder is validated on creation: the
 * API does not start with a broken descriptor. A file broken later (a hand edit) does not take the
 * shop down: the last valid set stays in service and the problem is reported once.
 */
export function createDescriptorSource(dir: string, options: { onError?: (error: Error) => void; exists?: VersionCheck; check?: DescriptorCheck } = {}) {
  const onError = options.onError ?? ((error: Error) => console.error(`[descriptors] ${error.message} (still serving the last valid descriptors)`));
  const stampOf = () =>
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => {
        const stat = fs.statSync(path.join(dir, f));
        return `${f}:${stat.size}:${stat.mtimeMs}:${stat.ino}`;
      })
      .join('|');
  let cache: { stamp: string; files: DescriptorFile[] } = { stamp: stampOf(), files: readDescriptors(dir, options.exists, options.check) };
  let failedStamp: string | null = null;
  const all = (): DescriptorFile[] => {
    let stamp: string;
    try {
      stamp = stampOf();
    } catch (error) {
      onError(error as Error);
      return cache.files;
    }
    if (stamp === cache.stamp || stamp === failedStamp) return cache.files;
    try {
      cache = { stamp, files: readDescriptors(dir, options.exists, options.check) };
      failedStamp = null;
    } catch (error) {
      failedStamp = stamp;
      onError(error as Error);
    }
    return cache.files;
  };
  return {
    all,
    /** Reads the files again at the next use even if they did not change (e.g. after missing versions arrived). */
    retry() {
      failedStamp = null;
      cache = { ...cache, stamp: '' };
    },
    /** The descriptor for a host name (case-insensitive, without port); '*' marks the default. */
    forHost(hostname: string): HostDescriptor {
      const files = all();
      const host = hostname.toLowerCase().replace(/:\d+$/, '');
      const exact = files.find((f) => f.descriptor.hosts.includes(host));
      const fallback = files.find((f) => f.descriptor.hosts.includes('*'));
      const found = exact ?? fallback;
      if (!found) throw new Error(`No deployment descriptor for host ${hostname} and no default ('*')`);
      return found.descriptor;
    },
  };
}
export type DescriptorSource = ReturnType<typeof createDescriptorSource>;

/**
 * FCM reaches this host's browsers when the API sends through FCM and the host's descriptor has
 * the web config (sender id, app id, VAPID key); otherwise the offline default (docs/adr/0024-push-messages.md).
 */
export function pushProviderOf(descriptor: HostDescriptor, apiMode: 'fcm' | 'local'): 'fcm' | 'local' {
  const web = descriptor.firebase;
  return apiMode === 'fcm' && web?.messagingSenderId && web.appId && web.vapidKey ? 'fcm' : 'local';
}

export function resolveDescriptor(
  hostname: string,
  descriptor: HostDescriptor,
  payments: ResolvedDescriptor['payments'],
  pushMode: 'fcm' | 'local' = 'local',
  browserId?: string,
): ResolvedDescriptor {
  const remotes: ResolvedDescriptor['remotes'] = {};
  for (const name of Object.keys(descriptor.remotes) as (keyof HostDescriptor['remotes'])[]) {
    // A running canary decides per browser (canary.ts); without an id the browser gets the host's version.
    const version = remoteVersionFor(descriptor, name, browserId);
    remotes[name] = { version, entry: `/mf/${REMOTE_FOLDERS[name]}/${version}/mf-manifest.json` };
  }
  return {
    host: hostname,
    branch: descriptor.branch,
    features: descriptor.features,
    remotes,
    shell: descriptor.shell ?? 'local',
    preview: descriptor.preview,
    ...(descriptor.firebase ? { firebase: descriptor.firebase } : {}),
    push: { provider: pushProviderOf(descriptor, pushMode) },
    payments,
  };
}
