// Singletons the shell provides for its remotes without using them itself (PROVIDED_BY_SHELL and
// LEGACY_PROVIDED_BY_SHELL in shared/build/index.mjs): naming them here makes the build provide them
// from chunks of the shell, so every remote runs on one known copy that the page can preload
// (api/src/http/shell-document.ts). The shell never calls these; each is loaded when a remote asks.
/** @public provided for the remotes, never called here */
export const providedPreferences = () => import('@shop/shared/stores/preferences');
/** @public The whole router, for remotes built before ADR 0025 (newer remotes bundle the parts they use). */
export const providedRouter = () => import('react-router-dom');
