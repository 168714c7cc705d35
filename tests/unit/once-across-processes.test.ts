// Work several processes ask for at once (test files that each need the built site): one does it while the others
// wait and then find it done; work that fails lets the next caller try; a lock left by a holder long gone is taken over.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { onceAcrossProcesses } from '../../tools/lib/once-across-processes.mjs';
import { runModuleScript } from '../support/module-script';

const moduleUrl = resolve('tools/lib/once-across-processes.mjs');
let folder = '';
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** A process that asks for the build of `out`: it takes about a second, looks done before it is, and logs each attempt. */
function asker(out: string, log: string, { fail = false } = {}): Promise<string> {
  const script = `
    import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
    import { join } from 'node:path';
    import { onceAcrossProcesses } from ${JSON.stringify(moduleUrl)};
    const out = ${JSON.stringify(out)};
    await onceAcrossProcesses(join(out, '..', 'build.lock'), () => existsSync(join(out, 'done')), async () => {
      appendFileSync(${JSON.stringify(log)}, '${fail ? 'failed' : 'built'}\\n');
      await new Promise((r) => setTimeout(r, 500));
      if (${fail}) throw new Error('build failed');
      // As astro build does: what says "built" is written before the build is whole.
      mkdirSync(out, { recursive: true });
      writeFileSync(join(out, 'done'), '');
      await new Promise((r) => setTimeout(r, 300));
      writeFileSync(join(out, 'page.html'), 'whole page');
    }, { pollMs: 50 });
    process.stdout.write(readFileSync(join(out, 'page.html'), 'utf8'));
  `;
  return runModuleScript(script, { stderr: 'ignore' });
}

describe('work done once across processes', () => {
  it('four processes at once: one builds, all four find the whole result, none a build that only looks done', async () => {
    folder = mkdtempSync(join(tmpdir(), 'chorus-once-'));
    const [out, log] = [join(folder, 'dist'), join(folder, 'log')];
    const answers = await Promise.all([1, 2, 3, 4].map(() => asker(out, log)));
    expect(answers).toEqual(Array(4).fill('whole page'));
    expect(readFileSync(log, 'utf8')).toBe('built\n');
    expect(existsSync(join(folder, 'build.lock'))).toBe(false);
  }, 30_000);

  it('a build that fails fails its own caller and leaves the lock free: a waiting caller builds', async () => {
    folder = mkdtempSync(join(tmpdir(), 'chorus-once-'));
    const [out, log] = [join(folder, 'dist'), join(folder, 'log')];
    const first = asker(out, log, { fail: true });
    await new Promise((r) => setTimeout(r, 200)); // the failing one holds the lock
    const second = asker(out, log);
    await expect(first).rejects.toThrow('exited 1');
    expect(await second).toBe('whole page');
    expect(readFileSync(log, 'utf8')).toBe('failed\nbuilt\n');
  }, 30_000);

  it('a lock older than a stuck holder’s is taken over; a fresh one is waited on', async () => {
    folder = mkdtempSync(join(tmpdir(), 'chorus-once-'));
    const lock = join(folder, 'x.lock');
    mkdirSync(lock);
    const old = (Date.now() - 60_000) / 1000;
    utimesSync(lock, old, old);
    let ran = 0;
    await onceAcrossProcesses(
      lock,
      () => ran > 0,
      () => ran++,
      { pollMs: 10, staleMs: 30_000 },
    );
    expect(ran).toBe(1);
    mkdirSync(lock); // held just now by someone else
    let done = false;
    const waiting = onceAcrossProcesses(
      lock,
      () => done,
      () => {},
      { pollMs: 10, staleMs: 30_000 },
    );
    await new Promise((r) => setTimeout(r, 100));
    done = true; // the holder finished (and until it lets go, nobody asks)
    rmSync(lock, { recursive: true });
    await waiting;
    expect(ran).toBe(1);
  });
});
