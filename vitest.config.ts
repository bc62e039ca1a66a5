import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          // Modules are shared between the files of a worker (ADR 0033): stubbed globals and environment
          // variables are undone after every test, so that none reaches the next file.
          isolate: false,
          unstubGlobals: true,
          unstubEnvs: true,
          include: [
            'shared/src/**/*.test.ts',
            'shared/build/**/*.test.ts',
            'shell/src/**/*.test.ts',
            'mf-*/src/**/*.test.ts',
            'deploy/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        // Component tests: a remote's own behaviour rendered with Testing Library in happy-dom.
        test: {
          name: 'components',
          // Modules are shared between the files of a worker (ADR 0033): stubbed globals and environment
          // variables are undone after every test, so that none reaches the next file.
          isolate: false,
          unstubGlobals: true,
          unstubEnvs: true,
          include: ['shell/src/**/*.test.tsx', 'mf-*/src/**/*.test.tsx', 'shared/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['shared/src/testing/component-setup.ts'],
          css: { modules: { classNameStrategy: 'non-scoped' } },
        },
      },
      {
        test: {
          name: 'api',
          // Shared modules here too (ADR 0033): every API test file imported the whole API anew (fastify, drizzle,
          // the SDKs), about two minutes of a run; each test builds its own app and database, so nothing else is shared.
          isolate: false,
          unstubGlobals: true,
          unstubEnvs: true,
          include: ['api/test/**/*.test.ts'],
          globalSetup: ['api/test/support/pglite-image.global.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
