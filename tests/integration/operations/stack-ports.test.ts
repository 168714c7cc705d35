import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAsSuperuser } from '../../../tools/lib/configure-pocketbase.mjs';
import { startPocketBase } from '../../../tools/lib/pocketbase-server.mjs';
import { freePort, freePorts } from '../../../tools/lib/ports.mjs';
import { startStack } from '../../../tools/lib/stack.mjs';

let blocker: Server;
let takenPort: number;

beforeAll(async () => {
  takenPort = await freePort();
  blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(takenPort, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

describe('npm start with a port already in use', () => {
  it('says which port is taken and how to choose another, instead of a stack trace', async () => {
    const [pbPort, smtpPort] = await freePorts(2);
    await expect(
      startStack({ dataDir: '/nonexistent', sitePort: takenPort, pbPort, smtpPort, seed: false }),
    ).rejects.toThrow(
      `Port ${takenPort} for the site is already in use. Stop whatever uses it, or choose another port with PORT=<port>.`,
    );
  });

  it('names the variable for the PocketBase port too', async () => {
    const [sitePort, smtpPort] = await freePorts(2);
    await expect(
      startStack({ dataDir: '/nonexistent', sitePort, pbPort: takenPort, smtpPort, seed: false }),
    ).rejects.toThrow(/PB_PORT=<port>/);
  });
});

describe('the operator account', () => {
  it('works with a password that starts with a dash (once read as a command-line flag)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'chorus-dash-'));
    const superuser = { email: 'dash@example.com', password: '-starts-with-a-dash' };
    const server = await startPocketBase({ dataDir, port: await freePort(), superuser });
    try {
      const admin = await connectAsSuperuser(server.url, superuser);
      expect(admin.authStore.isSuperuser).toBe(true);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('ports for a test stack', () => {
  it('are distinct even when asked for many at once', async () => {
    const ports = await freePorts(20);
    expect(new Set(ports).size).toBe(20);
  });
});
