import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration files each start their own PocketBase and mostly wait on it: four at a time keep two cores
    // busy (the whole run 681 s with two, 472 s with four, same machine; CPU 1.95 of 2 cores).
    maxWorkers: 4,
  },
});
