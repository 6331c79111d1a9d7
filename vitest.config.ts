import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Real processes, crashes and an outage: `npm run test:service-faults` (vitest.faults.config.ts).
    exclude: ['test/service-faults/**', '**/node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
