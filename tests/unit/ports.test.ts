// Free ports for test stacks: outside the kernel's ephemeral range and never handed to two processes at once.
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ephemeralLow, freePorts } from '../../tools/lib/ports.mjs';

const run = promisify(execFile);
const script = `import { freePorts } from ${JSON.stringify(new URL('../../tools/lib/ports.mjs', import.meta.url).href)};
console.log(JSON.stringify(await freePorts(25)));
await new Promise((r) => setTimeout(r, 1500));`;

describe('free ports', () => {
  it('come from below the range the kernel uses for outgoing connections', async () => {
    const ports = await freePorts(30);
    expect(new Set(ports).size).toBe(30);
    for (const port of ports) expect(port).toBeLessThan(ephemeralLow());
  });

  it('are distinct across four processes asking at once', async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => run(process.execPath, ['--input-type=module', '-e', script])),
    );
    const ports = answers.flatMap(({ stdout }) => JSON.parse(stdout.trim().split('\n')[0] ?? '[]') as number[]);
    expect(ports).toHaveLength(100);
    expect(new Set(ports).size).toBe(100);
  });

  it('never hand out a port something already listens on', async () => {
    const taken = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const [port] = await freePorts(1);
        const server = createServer();
        await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
        return { port, server };
      }),
    );
    try {
      const ports = await freePorts(40);
      for (const { port } of taken) expect(ports).not.toContain(port);
    } finally {
      for (const { server } of taken) server.close();
    }
  });
});
