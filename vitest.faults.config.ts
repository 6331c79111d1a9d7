import { defineConfig } from 'vitest/config';

/**
 * `npm run test:service-faults`: the job service under faults (real processes,
 * a real PostgreSQL server, crashes, an outage, races, hostile clients).
 * One file at a time: each starts its own processes on a 2-core CI machine.
 */
export default defineConfig({
  test: {
    include: ['test/service-faults/**/*.test.ts'],
    globalSetup: ['test/service-faults/build-setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
