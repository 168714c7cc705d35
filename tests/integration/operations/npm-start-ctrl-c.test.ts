// An operator pressing Ctrl-C on `npm start` sees Chorus stop, with no word of a PocketBase crash or restart,
// and nothing it started is left running or holding a port.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { isPortFree } from '../../../tools/lib/ports.mjs';
import { type NpmStart, npmStart } from '../../support/npm-start';

const dataDir = mkdtempSync(join(tmpdir(), 'chorus-ctrl-c-'));
let chorus: NpmStart | undefined;
afterAll(() => {
  for (const { pid } of chorus?.group() ?? []) process.kill(pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

it('an operator pressing Ctrl-C on npm start sees it stop cleanly, and nothing is left running', async () => {
  chorus = await npmStart(dataDir);
  await chorus.waitFor('Press Ctrl-C to stop.');
  const running = chorus.group().map((p) => p.command);
  expect(running.some((command) => command.includes('pocketbase serve'))).toBe(true);
  expect(running.some((command) => command.includes('workerd'))).toBe(true);
  expect(running.some((command) => command.includes('litestream replicate'))).toBe(true);

  chorus.interrupt();
  expect(await chorus.exited).toBe(0);
  // Anything that would restart PocketBase would do so within a few seconds.
  await new Promise((r) => setTimeout(r, 3000));
  const afterStop = chorus.output().slice(chorus.output().indexOf('Press Ctrl-C to stop.'));
  expect(afterStop).toContain('Stopping Chorus…');
  expect(afterStop).not.toMatch(/unexpectedly|restarting|is back/);
  expect(chorus.group()).toEqual([]);
  for (const port of Object.values(chorus.ports)) expect(await isPortFree(port), `port ${port}`).toBe(true);
}, 240_000);
