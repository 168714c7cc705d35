// Before `npm test`'s long run: makes sure a Chromium the end-to-end tests can launch is there.
// Tries, in order: Debian's Chromium, Playwright's (downloading it), Debian's package when running as
// root; otherwise stops with one message saying what to install.
import './lib/require-node.mjs';
import { spawnSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions, systemChromium } from './lib/browser.mjs';

async function launches() {
  try {
    const browser = await chromium.launch(chromiumLaunchOptions());
    await browser.close();
    return true;
  } catch {
    return false;
  }
}

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status === 0;
const isRoot = process.getuid?.() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;

if (await launches()) process.exit(0);
if (!systemChromium()) {
  console.log("No Chromium found: downloading Playwright's (npx playwright install chromium)…");
  if (run(process.execPath, ['node_modules/@playwright/test/cli.js', 'install', 'chromium']) && (await launches())) {
    process.exit(0);
  }
  if (isRoot && hasApt) {
    console.log("Installing Debian's Chromium (apt-get install chromium chromium-headless-shell)…");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const installed =
      spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env }).status === 0 &&
      spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'chromium-headless-shell'], { stdio: 'inherit', env })
        .status === 0;
    if (installed && (await launches())) process.exit(0);
  }
}
const installedButBroken = systemChromium() ? [`${systemChromium()} is installed but does not start.`] : [];
console.error(
  [
    '',
    'The end-to-end tests need a Chromium they can launch; none was found and none could be installed.',
    ...installedButBroken,
    'Install one, then run `npm test` again:',
    '  Debian/Ubuntu:  sudo apt-get install chromium chromium-headless-shell',
    '  elsewhere:      npx playwright install --with-deps chromium',
    '',
  ].join('\n'),
);
process.exit(1);
