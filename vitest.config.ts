import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
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
          sequence: { groupOrder: 0 },
          include: ['shell/src/**/*.test.tsx', 'mf-*/src/**/*.test.tsx', 'shared/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['shared/src/testing/component-setup.ts'],
          css: { modules: { classNameStrategy: 'non-scoped' } },
        },
      },
      {
        test: {
          name: 'api',
          sequence: { groupOrder: 1 },
          include: ['api/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file opens its own databases; two at a time suits a 2-core machine.
          maxWorkers: 2,
        },
      },
    ],
  },
});
