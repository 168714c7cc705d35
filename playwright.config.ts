import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './tools/lib/browser.mjs';

// Debian's Chromium where present, Playwright's own browser elsewhere: `npm test` obtains one first
// (tools/ensure-browser.mjs) or says what to install.
const launchOptions = chromiumLaunchOptions();

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions,
    trace: 'retain-on-failure',
  },
});
