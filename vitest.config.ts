import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Real processes, crashes and an outage: `npm run test:service-faults` (vitest.faults.config.ts).
    exclude: ['test/service-faults/**', '**/node_modules/**'],
    // Builds dist/ once before the files that run it (test/support/build-setup.ts says why).
    globalSetup: ['test/support/build-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
