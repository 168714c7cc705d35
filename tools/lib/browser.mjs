// Which Chromium the end-to-end tests, the bench and Lighthouse drive: Debian's when installed,
// Playwright's own otherwise. One home for the choice and the flags a container needs.
import { existsSync } from 'node:fs';

const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

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

/** Launch options for Playwright's `chromium.launch` and `use.launchOptions`. */
export function chromiumLaunchOptions() {
  const executablePath = systemChromium();
  return executablePath ? { executablePath, args: CONTAINER_ARGS } : {};
}
