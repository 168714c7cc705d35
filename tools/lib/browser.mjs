// Which Chromium the end-to-end tests, the bench and Lighthouse drive: Debian's when installed,
// Playwright's own otherwise. One home for the choice and the flags a container needs.
import { existsSync } from 'node:fs';

const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
// Debian's `chromium-headless-shell`: the same engine without the browser's UI layers. Headless Playwright
// drives it where it is installed (less CPU per page); `CHORUS_BROWSER=chromium` picks the full browser.
const SYSTEM_HEADLESS_SHELLS = ['/usr/bin/chromium-headless-shell'];

export const CONTAINER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The system Chromium's path, or undefined (Playwright then uses its own download). */
export function systemChromium() {
  return SYSTEM_CHROMIUMS.find((path) => existsSync(path));
}

/** Debian's headless shell, unless `CHORUS_BROWSER=chromium` asks for the full browser. */
export function systemHeadlessShell() {
  if (process.env.CHORUS_BROWSER === 'chromium') return undefined;
  return SYSTEM_HEADLESS_SHELLS.find((path) => existsSync(path));
}

/** Launch options for Playwright's headless `chromium.launch` and `use.launchOptions`. */
export function chromiumLaunchOptions() {
  const executablePath = systemHeadlessShell() ?? systemChromium();
  return executablePath ? { executablePath, args: CONTAINER_ARGS } : {};
}
