import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Real processes, crashes and an outage: `npm run test:service-faults` (vitest.faults.config.ts).
    exclude: ['test/service-faults/**', '**/node_modules/**'],
    // Builds dist/ once before the files that run it (test/support/build-setup.ts says why).
    globalSetup: ['test/support/build-setup.ts'],
    // Bounds, not expectations: on a loaded 2-core machine (scripts/test-under-load.sh) a test that runs the CLI
    // as a child process took 61-67 s and failed at the old 60 s while nothing was wrong.
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
});
