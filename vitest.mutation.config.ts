import { defineConfig } from 'vitest/config';

// The tests StrykerJS runs against each mutant (`npm run bench:mutation`, stryker.config.mjs): the
// unit tests of the pure rules it mutates.
export default defineConfig({
  test: {
    include: ['shared/src/domain/**/*.test.ts'],
    environment: 'node',
  },
});
