import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/ports.mjs';
import { startStack } from '../../scripts/lib/stack.mjs';

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
    const [pbPort, smtpPort] = await Promise.all([freePort(), freePort()]);
    await expect(
      startStack({ dataDir: '/nonexistent', sitePort: takenPort, pbPort, smtpPort, seed: false }),
    ).rejects.toThrow(
      `Port ${takenPort} for the site is already in use. Stop whatever uses it, or choose another port with PORT=<port>.`,
    );
  });

  it('names the variable for the PocketBase port too', async () => {
    const [sitePort, smtpPort] = await Promise.all([freePort(), freePort()]);
    await expect(
      startStack({ dataDir: '/nonexistent', sitePort, pbPort: takenPort, smtpPort, seed: false }),
    ).rejects.toThrow(/PB_PORT=<port>/);
  });
});
