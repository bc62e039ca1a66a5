// Mutation testing (`npm run bench:mutation`): StrykerJS changes the pure rules one mutant at a time
// and runs their unit tests (vitest.mutation.config.ts); a mutant no test notices is a rule no test
// pins. STRYKER_MUTATE narrows the files (a glob, e.g. 'shared/src/domain/line-pricing.ts') for a
// quick run. The score is in the README (Benchmarks). The report: bench-results/mutation/.
// api/src/orders is tested through the database (api/test) and is left out: one API test run per
// mutant would take hours on this machine (README).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: process.env.STRYKER_MUTATE
    ? process.env.STRYKER_MUTATE.split(',')
    : ['shared/src/domain/**/*.ts', '!shared/src/domain/**/*.test.ts', '!shared/src/domain/__fixtures__/**', '!shared/src/domain/*fixtures*.ts'],
  coverageAnalysis: 'perTest',
  concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 2),
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress-append-only', 'json', 'html'],
  jsonReporter: { fileName: 'bench-results/mutation/mutation.json' },
  htmlReporter: { fileName: 'bench-results/mutation/mutation.html' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  ignorePatterns: ['**/dist/**', 'bench-results', '.data', 'e2e', 'api', 'mf-*', 'shell', 'deploy', 'scripts/bench*'],
};
