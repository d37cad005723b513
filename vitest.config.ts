import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // Browser suites each start Chromium; two at once is what these 2-core machines carry.
    maxWorkers: 2,
    reporters: ["default", "./tests/helpers/summary-reporter.ts"],
  },
});
