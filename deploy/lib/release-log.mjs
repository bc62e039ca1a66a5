// The release log (one object per entry in the store: api/src/deploy/control-store.ts)
//   {"seq":1,"time":"…","action":"release"|"rollback"|"canary"|"promote"|"canary-rollback","hostFile":"hamburg.json","remote":"mf-menu","from":"0.1.0","to":"0.2.0",
//    "actor":"…","machine":"…","commit":"…","buildInfo":"sha256-…"}

/**
 * The releases of one remote on one host that are still in effect, oldest first: a release pushes,
 * a rollback pops. The last one is what a rollback undoes.
 */
export function releaseStack(entries, hostFile, remoteFolder) {
  const stack = [];
  for (const e of entries) {
    if (e.hostFile !== hostFile || e.remote !== remoteFolder) continue;
    if (e.action === 'rollback') stack.pop();
    // A canary and its end leave the host's version as it was (deploy/lib/canary.mjs).
    else if (e.action === 'canary' || e.action === 'canary-rollback') continue;
    else stack.push(e);
  }
  return stack;
}
