// ESLint (flat config): type-aware typescript-eslint, React hooks, jsx-a11y, and the import
// boundaries of docs/conventions.md ("Imports flow one way"). `npm run lint`; part of `npm test`.
// A rule switched off is switched off here, once, with its reason.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const REMOTES = ['mf-menu', 'mf-cart', 'mf-checkout', 'mf-account', 'mf-orders'];
const CONVENTIONS = 'docs/conventions.md "Layout and ownership": imports flow one way';

/** Imports a folder may not make: [pattern group, message]. */
function boundary(from, forbidden, why) {
  return {
    files: [`${from}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: forbidden.map((group) => ({ group: [group], message: `${why} (${CONVENTIONS}).` })),
        },
      ],
    },
  };
}

/**
 * Boundaries (docs/conventions.md): shared at the bottom; no remote imports another remote or the
 * shell; the shell imports no remote; the API imports only shared's domain, contract and i18n.
 * Exported for scripts/lint-boundaries.test.ts.
 */
export const boundaries = [
  boundary('shared/src', ['@shop/mf-*', 'mf-*', '**/mf-*/**', '**/shell/**', '**/api/**'], 'shared is at the bottom: it imports no app and no API'),
  ...REMOTES.map((remote) =>
    boundary(
      remote + '/src',
      [
        ...REMOTES.filter((r) => r !== remote).flatMap((r) => [`**/${r}/**`, `@shop/${r}`, `@shop/${r}/**`]),
        '**/shell/**',
        '@shop/shell',
        '**/api/**',
        '@shop/api',
        '**/shared/src/**',
      ],
      `${remote} may import only @shop/shared's public entries, never another remote, the shell or the API`,
    ),
  ),
  boundary(
    'shell/src',
    [...REMOTES.flatMap((r) => [`**/${r}/**`, `@shop/${r}`, `@shop/${r}/**`]), '**/api/**', '@shop/api', '**/shared/src/**'],
    'the shell loads remotes at runtime and never imports them',
  ),
  boundary(
    'api/src',
    ['@shop/shared/react', '@shop/shared/ui', '@shop/shared/stores', '@shop/shared/bus', '@shop/shared/client', '**/mf-*/**', '**/shell/**'],
    'the API imports only @shop/shared/domain/*, contract and i18n',
  ),
];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/test-results/**', 'bench-results/**', '.data/**', '**/*.mjs', '**/*.cjs', '**/*.js', 'api/drizzle/**'],
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
  ...boundaries,
);
