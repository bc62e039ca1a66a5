// ESLint (flat config): type-aware typescript-eslint, React hooks, jsx-a11y, and the import
// boundaries of docs/conventions.md ("Imports flow one way"). `npm run lint`; part of `npm test`.
// A rule switched off is switched off here, once, with its reason.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import path from 'node:path';
import * as rxjsSurface from './shared/build/rxjs-surface.mjs';

const ROOT = import.meta.dirname;

const REMOTES = ['mf-menu', 'mf-cart', 'mf-checkout', 'mf-account', 'mf-orders'];
const CONVENTIONS = 'docs/conventions.md "Layout and ownership": imports flow one way';
const OWNERSHIP = 'docs/conventions.md "Layout and ownership": SDK ownership';

/** Every top-level code folder, for zones that apply "everywhere but one owner". */
const CODE_FOLDERS = ['shared', 'shell', ...REMOTES, 'api', 'e2e', 'deploy', 'scripts', 'types'];
const everywhereBut = (...owners) => CODE_FOLDERS.filter((folder) => !owners.includes(folder)).map((folder) => `${folder}/**`);
/** A package's files and its type declarations (what the TypeScript resolver finds for `react` is @types/react). */
const pkg = (name) => `**/node_modules/{${name},@types/${name.replace('@', '').replace('/', '__')}}/**`;

/** The browser-only runtime part of @shop/shared (shared/build/runtime-part.mjs) and its React/UI glue. */
const SHARED_BROWSER = [
  'shared/src/bus/**',
  'shared/src/stores/**',
  'shared/src/react/**',
  'shared/src/ui/**',
  'shared/src/client/{action-client,browser-id,runtime,index}.ts',
  'shared/src/routes/{index,navigate}.ts',
];
/** Packages that only make sense in a browser. */
const BROWSER_PACKAGES = [
  'react',
  'react-dom',
  'single-spa',
  'single-spa-react',
  'rxjs',
  'firebase',
  '@stripe/stripe-js',
  '@stripe/react-stripe-js',
  '@paypal/*',
  'workbox-*',
];

/**
 * One-way layers and SDK ownership, checked on the resolved path of every static import, re-export,
 * `import type` and dynamic `import()` (import-x/no-restricted-paths), so a relative path, a package
 * name and a workspace alias that lead to the same file are judged alike. `target` is the importing
 * file, `from` the imported one; an import that does not resolve fails the type check instead.
 */
const zone = (target, from, why, except) => ({
  target,
  from,
  message: `${why} (${why.includes('SDK') ? OWNERSHIP : CONVENTIONS}).`,
  ...(except ? { except } : {}),
});
export const LAYER_ZONES = [
  zone(['shared/**'], ['api/**', 'shell/**', ...REMOTES.map((r) => `${r}/**`)], 'shared is at the bottom: it imports no app and no API'),
  zone(
    ['shared/src/domain/**', 'shared/src/contract/**', 'shared/src/i18n/**'],
    [...SHARED_BROWSER, ...BROWSER_PACKAGES.map(pkg)],
    "shared's pure part (domain, contract, i18n) is free of React, the browser and the runtime part",
  ),
  ...REMOTES.map((remote) =>
    zone(
      [`${remote}/**`],
      [...REMOTES.filter((r) => r !== remote).map((r) => `${r}/**`), 'shell/**', 'api/**'],
      `${remote} may import only @shop/shared's public entries, never another remote, the shell or the API`,
    ),
  ),
  zone(['shell/**'], [...REMOTES.map((r) => `${r}/**`), 'api/**'], 'the shell loads remotes at runtime and never imports them'),
  zone(
    ['api/src/**'],
    [...SHARED_BROWSER, ...BROWSER_PACKAGES.map(pkg), 'shell/**', ...REMOTES.map((r) => `${r}/**`)],
    'the API imports no browser code: only the pure part of @shop/shared (domain, contract, i18n, routes/pure)',
  ),
  // SDK ownership (ARCHITECTURE.md, the apps' roles): payment UIs are mf-checkout's, Firebase Auth
  // and messaging in the browser are mf-account's, the server SDKs are the API's.
  zone(
    everywhereBut('mf-checkout'),
    ['@stripe/stripe-js', '@stripe/react-stripe-js', '@paypal/*'].map(pkg),
    'the browser payment SDKs (Stripe, PayPal) belong to mf-checkout',
  ),
  zone(everywhereBut('mf-account'), [pkg('firebase'), pkg('@firebase/*')], 'the Firebase browser SDK belongs to mf-account'),
  zone(everywhereBut('api'), [pkg('stripe')], 'the server payment SDK (stripe) belongs to the API'),
  // scripts/grant-staff.mjs is an operator's tool that sets the staff claim through the Admin SDK.
  zone(everywhereBut('api', 'scripts'), [pkg('firebase-admin')], 'the Firebase Admin SDK belongs to the API (and operator scripts)'),
];

/**
 * The page-wide 'rxjs' singleton holds only the exports of shared/build/rxjs-surface.mjs (ADR 0034):
 * an app that imports another one from 'rxjs' would get undefined from the shell's copy.
 */
const RXJS_SURFACE = {
  name: 'rxjs',
  allowImportNames: Object.keys(rxjsSurface),
  message: "the shared 'rxjs' holds only the exports of shared/build/rxjs-surface.mjs: add the name there first (ADR 0034).",
};

/**
 * Import specifiers that resolve to an allowed file but bypass a public entry (and names the
 * shared 'rxjs' does not hold).
 * @param {string} from @param {string[]} forbidden @param {string} why
 * @returns {import('eslint').Linter.Config}
 */
function specifierRule(from, forbidden, why) {
  return {
    files: [`${from}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [RXJS_SURFACE],
          patterns: forbidden.map((group) => ({ group: [group], message: `${why} (${CONVENTIONS}).` })),
        },
      ],
    },
  };
}

/**
 * Boundaries (docs/conventions.md): shared at the bottom; no remote imports another remote or the
 * shell; the shell imports no remote; the API and shared's pure part import no browser code; SDKs
 * only in their owner; no import cycles. Exported for scripts/lint-boundaries.test.ts.
 */
/** @type {import('eslint').Linter.Config[]} */
export const boundaries = [
  {
    files: ['**/*.{ts,tsx,mts,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(ROOT, 'tsconfig.json'), alwaysTryTypes: false })],
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.mjs', '.js'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: LAYER_ZONES }],
      // Cycles between this repository's modules (packages are not followed).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  ...[...REMOTES, 'shell'].map((app) =>
    specifierRule(
      `${app}/src`,
      ['**/shared/src/**', '@shop/shared/routes/pure'],
      `${app} imports @shop/shared only through its public entries (the runtime part through its singleton entries)`,
    ),
  ),
  { files: ['shared/src/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { paths: [RXJS_SURFACE] }] } },
];

const ONE_WRITER = "docs/requirements.md#cart-protection: the cart changes only through mf-cart's commands";

/**
 * One writer per store: the cart store is written only by mf-cart's command module; every other
 * app (and every other mf-cart file) calls a command (`cartCommand` of @shop/shared/commands/cart,
 * or the exports of mf-cart/src/data/commands.ts). Exported for scripts/lint-boundaries.test.ts.
 */
/** @type {import('eslint').Linter.Config[]} */
export const storeWriters = [
  {
    files: ['shell/src/**/*.{ts,tsx}', 'mf-*/src/**/*.{ts,tsx}'],
    ignores: ['mf-cart/src/data/commands.ts', 'mf-cart/src/data/restore-lock.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.object.name='cartStore'][callee.property.name=/^(set|update|reset|next)$/]",
          message: `Direct write to cartStore (${ONE_WRITER}; call cartCommand() from @shop/shared/commands/cart).`,
        },
        {
          selector: "CallExpression[callee.name='lockCart']",
          message: `The restore lock is set by mf-cart's commands and its restore lock only (${ONE_WRITER}).`,
        },
        {
          selector: "ImportSpecifier[imported.name='cartStore'][local.name!='cartStore']",
          message: `cartStore is imported under its own name, so a write cannot hide behind an alias (${ONE_WRITER}).`,
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/test-results/**',
      'bench-results/**',
      '.data/**',
      '.tmp/**',
      '.stryker-tmp/**',
      '**/*.cjs',
      '**/*.js',
      'api/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      // One program for the whole tree (the root tsconfig): faster than a project service per file.
      parserOptions: { project: ['./tsconfig.json'], tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Numbers and booleans in texts are intended (cents are formatted by formatEuro; ids and counts are plain).
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // `void promise` marks a deliberately detached promise (event handlers, effects).
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // Zod schemas and the contract's inferred types make many conditions the checker calls
      // "unnecessary" real guards against untrusted input (the browser is not trusted).
      '@typescript-eslint/no-unnecessary-condition': 'off',
      // Non-null assertions are used after a check the checker cannot follow (noUncheckedIndexedAccess).
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Unused names starting with _ are intended (destructuring that drops a field).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // `async` marks functions that implement a Promise-returning interface (handlers, fakes,
      // lifecycles); a body that happens not to await is fine there.
      '@typescript-eslint/require-await': 'off',
      // Async handlers on JSX attributes are how React event handlers start async work.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['**/*.tsx', 'shared/src/react/**/*.ts', 'mf-*/src/**/*.ts', 'shell/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      // The classic hook rules. The React Compiler's rules in the plugin's recommended set
      // (refs, purity, static-components, set-state-in-effect, …) assume the compiler; this code runs
      // on React 18 without it and uses the "latest value in a ref" pattern on purpose.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // autoFocus is used only inside modal dialogs, to choose where focus lands when one opens
      // (the WAI-ARIA dialog pattern; ModalDialog moves focus there).
      'jsx-a11y/no-autofocus': 'off',
    },
  },
  {
    // Tests assert on what they get; unbound methods and floating expectations are the test API.
    files: ['**/*.test.ts', '**/*.test.tsx', 'api/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/unbound-method': 'off',
      // Tests read JSON answers (typed any by fetch, inject and localStorage) and assert on them.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    // The JavaScript tooling (build factory, deploy, scripts, e2e helpers, configs): the recommended
    // rules without type information; its types are checked by `tsc -p tsconfig.mjs.json` (checkJs).
    files: ['**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
  },
  ...boundaries,
  ...storeWriters,
);
