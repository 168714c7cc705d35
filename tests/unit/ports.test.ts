// Free ports for test stacks: outside the kernel's ephemeral range, never handed to two processes at once, and
// free again the moment their holder is gone (killed, or a vitest worker that ends without Node's exit event).
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ephemeralLow, freePorts, leasePort } from '../../tools/lib/ports.mjs';

const run = promisify(execFile);
const lib = JSON.stringify(new URL('../../tools/lib/ports.mjs', import.meta.url).href);
const script = `import { freePorts } from ${lib};
console.log(JSON.stringify(await freePorts(25)));
await new Promise((r) => setTimeout(r, 1500));`;
/** Takes three ports and holds them until it is killed. */
const holding = `import { freePorts } from ${lib};
console.log(JSON.stringify(await freePorts(3)));
setInterval(() => {}, 1000);`;

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

  it('a killed process’s ports are leasable again at once; a live one’s are not', async () => {
    const holder = spawn(process.execPath, ['--input-type=module', '-e', holding]);
    try {
      const [line] = (await once(holder.stdout, 'data')) as [Buffer];
      const ports = JSON.parse(line.toString().trim()) as number[];
      expect(ports.map((port) => leasePort(port))).toEqual([false, false, false]);
      holder.kill('SIGKILL'); // no exit event: its lease files stay behind
      await once(holder, 'exit');
      expect(ports.map((port) => leasePort(port))).toEqual([true, true, true]);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('a lease whose pid now belongs to a process started at another time is leasable again (the pid reused)', async () => {
    const holder = spawn(process.execPath, ['--input-type=module', '-e', holding]);
    try {
      const [line] = (await once(holder.stdout, 'data')) as [Buffer];
      const [port = 0, ...others] = JSON.parse(line.toString().trim()) as number[];
      const file = join(tmpdir(), 'chorus-port-leases', String(port));
      const [pid, start] = readFileSync(file, 'utf8').split(' ');
      expect(pid).toBe(String(holder.pid));
      expect(Number(start)).toBeGreaterThan(0);
      expect(leasePort(port)).toBe(false);
      // The same live pid, as if an earlier process with that pid had written the lease.
      writeFileSync(file, `${pid} ${Number(start) - 1}`);
      expect(leasePort(port)).toBe(true);
      expect(others.map((other) => leasePort(other))).toEqual([false, false]);
    } finally {
      holder.kill('SIGKILL');
    }
  });
});
