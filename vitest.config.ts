import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // expect.poll waits for what the page shows or the code emits; its bound is for a loaded CI
    // machine, where one read of a page may take a second (docs/testing.md), not 1 s for everything.
    expect: { poll: { timeout: 15_000 } },
    // Browser suites each start Chromium; two at once is what these 2-core machines carry.
    maxWorkers: 2,
    reporters: ["default", "./tests/helpers/summary-reporter.ts"],
  },
});
