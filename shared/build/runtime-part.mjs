// The runtime part of @shop/shared (ARCHITECTURE.md, Module Federation): what must exist once per page.
// These entry points are shared Module Federation singletons with semver, requiredVersion and
// strictVersion; everything else in @shop/shared (domain rules, texts, contract schemas, UI kit)
// is bundled into each app at the version it was built with, so a remote's release ships its own
// rules and texts.
//
// RUNTIME_VERSION is the semver of this runtime API (not of the package): bump the minor for an
// additive change, the major for a breaking one. Apps built against another major are refused by the
// release gate (deploy/lib/gate.mjs) and by the federation runtime (strictVersion).

export const RUNTIME_VERSION = '1.1.0';

/** Entry points of the runtime part, as imported ('@shop/shared/<entry>'). */
export const RUNTIME_ENTRIES = ['bus', 'stores', 'stores/preferences', 'routes', 'client-runtime', 'react'];

/** @public Top-level folders of shared/src whose modules belong to the runtime part (read by runtime-part.test.ts). */
export const RUNTIME_FOLDERS = ['bus', 'stores', 'routes', 'react'];

/** @public Files outside those folders that belong to the runtime part (the action client's state and transport; read by runtime-part.test.ts). */
export const RUNTIME_FILES = ['client/action-client.ts', 'client/browser-id.ts', 'client/runtime.ts'];
