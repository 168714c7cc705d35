import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './tools/lib/browser.mjs';

// Debian's Chromium where present, Playwright's own browser elsewhere: `npm test` obtains one first
// (tools/ensure-browser.mjs) or says what to install.
const launchOptions = chromiumLaunchOptions();

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  // Three at a time: 13.1 min for the whole run against 16.9 with two, same machine (the stack is shared).
  workers: 3,
  // One retry everywhere, so the README's `npm test` and CI (`.ci/run`) judge a run alike; a test that passes
  // only on its retry is still listed as flaky in the summary.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // The spec files over a minute, slowest first, at the end of the run: where the time goes (docs' Tests page).
  reportSlowTests: { max: 15, threshold: 60_000 },
  use: {
    ...devices['Desktop Chrome'],
    launchOptions,
    trace: 'retain-on-failure',
  },
});
