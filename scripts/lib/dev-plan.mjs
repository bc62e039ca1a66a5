// @ts-check
// What `npm run dev [-- <remote>...] [--port N]` serves and where (docs/adr/0032-dev-loop.md): pure,
// so the argument handling and the routing of the front port are tested without starting anything.

/** The federation name of a remote folder: mf-menu -> mf_menu. */
export const federationName = (/** @type {string} */ folder) => folder.replace(/-/g, '_');

/**
 * @typedef {{ folder: string, name: string, version: string, port: number, prefix: string }} DevRemote
 * @typedef {{ port: number, apiPort: number, remotes: DevRemote[], url: string }} DevPlan
 */

/**
 * @param {string[]} args command-line arguments after `npm run dev --`
 * @param {{ remotes: readonly string[], versions: Record<string, string>, defaultPort: number }} context
 *   remotes: the remote folders; versions: each remote's development version ('0.1.0-dev')
 * @returns {DevPlan}
 */
export function planDev(args, { remotes, versions, defaultPort }) {
  /** @type {string[]} */
  const named = [];
  let port = defaultPort;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (arg === '--port' || arg.startsWith('--port=')) {
      const value = arg === '--port' ? args[(i += 1)] : arg.slice('--port='.length);
      port = Number(value);
      if (!Number.isInteger(port) || port < 1 || port > 65_000) throw new Error(`--port needs a port number, got "${value ?? ''}"`);
      continue;
    }
    if (arg.startsWith('-')) throw new Error(`unknown option ${arg} (usage: npm run dev [-- <remote>... | all] [--port N])`);
    const folder = arg.startsWith('mf-') ? arg : `mf-${arg}`;
    if (arg !== 'all' && !remotes.includes(folder)) throw new Error(`no remote "${arg}": one of ${remotes.join(', ')} or all`);
    if (arg === 'all') named.push(...remotes);
    else named.push(folder);
  }
  const chosen = remotes.filter((r) => named.length === 0 || named.includes(r));
  const served = chosen.map((folder, i) => {
    const version = versions[folder];
    if (!version) throw new Error(`no version for ${folder}`);
    return { folder, name: federationName(folder), version, port: port + 2 + i, prefix: `/mf/${folder}/${version}/` };
  });
  // The preview host honours per-browser overrides (deploy/README.md "Per-browser overrides"); any
  // *.localhost name reaches this machine.
  const query = served.map((r) => `mf-override=${r.name}@${r.version}`).join('&');
  return { port, apiPort: port + 1, remotes: served, url: `http://preview.localhost:${port}/?${query}` };
}

/**
 * The port a request on the front port goes to: a served remote's dev server for its version folder
 * (files, hot updates and its WebSocket), the API for everything else.
 * @param {string} url request path and query
 * @param {DevPlan} plan
 */
export function targetPort(url, plan) {
  const pathname = url.split('?')[0] ?? '';
  return plan.remotes.find((r) => pathname.startsWith(r.prefix))?.port ?? plan.apiPort;
}
