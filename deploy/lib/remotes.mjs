// The five federated remotes: folder name (CLI, URLs, dist) and federation name (descriptor key).
export const REMOTES = [
  { folder: 'mf-menu', key: 'mf_menu' },
  { folder: 'mf-cart', key: 'mf_cart' },
  { folder: 'mf-checkout', key: 'mf_checkout' },
  { folder: 'mf-account', key: 'mf_account' },
  { folder: 'mf-orders', key: 'mf_orders' },
];

/** The shell, released per host like a remote (descriptor key `shell`, top level). */
export const SHELL = { folder: 'shell', key: 'shell', kind: 'shell' };
/** Every app the deploy command releases. */
export const APPS = [SHELL, ...REMOTES];

/** Semantic version as the host descriptor schema accepts it. */
export const VERSION_PATTERN = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

/** A remote by folder ('mf-menu') or federation name ('mf_menu'); undefined when unknown. */
export function findRemote(name) {
  const wanted = String(name ?? '')
    .trim()
    .toLowerCase();
  return APPS.find((r) => r.folder === wanted || r.key === wanted);
}

/** The version a descriptor names for an app ('local' for a shell it does not name). */
export function versionIn(descriptorJson, app) {
  if (app.key === 'shell') return descriptorJson?.shell ?? 'local';
  return descriptorJson?.remotes?.[app.key];
}

/** Orders versions numerically (0.10.0 after 0.9.0); a pre-release sorts before its release. */
export function compareVersions(a, b) {
  const [coreA = '', preA] = a.split('-', 2);
  const [coreB = '', preB] = b.split('-', 2);
  const pa = coreA.split('.').map(Number);
  const pb = coreB.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  if (preA === preB) return 0;
  if (preA === undefined) return 1;
  if (preB === undefined) return -1;
  return preA < preB ? -1 : 1;
}
