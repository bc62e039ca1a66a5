// Singletons the shell provides for its remotes without using them itself (PROVIDED_BY_SHELL in
// shared/build/index.mjs): naming them here makes the build provide them from chunks of the shell,
// so every remote runs on one known copy that the page preloads (api/src/http/shell-document.ts).
// The shell never calls these; each is loaded when the first remote asks for it.
export const providedRouter = () => import('react-router-dom');
export const providedPreferences = () => import('@shop/shared/stores/preferences');
