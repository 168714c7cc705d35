// Several processes asking for a cached binary at once (vitest's workers on a fresh clone): one produces it, the
// others wait for it, and nobody sees a missing or half-written file.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runModuleScript } from '../support/module-script';

const cachedBinaryModule = resolve('tools/lib/cached-binary.mjs');
let folder = '';
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** One process that asks for `target`; producing it takes a second and leaves a mark in `log`. */
function asker(target: string, log: string): Promise<string> {
  const script = `
    import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
    import { join } from 'node:path';
    import { obtainOnce } from ${JSON.stringify(cachedBinaryModule)};
    const path = await obtainOnce(${JSON.stringify(target)}, async (workDir) => {
      appendFileSync(${JSON.stringify(log)}, 'produced\\n');
      await new Promise((r) => setTimeout(r, 1000));
      writeFileSync(join(workDir, 'tool'), 'whole binary');
      return join(workDir, 'tool');
    });
    process.stdout.write(readFileSync(path, 'utf8'));
  `;
  return runModuleScript(script);
}

describe('obtaining a cached binary once', () => {
  it('four processes at once: one builds, all four get the whole file', async () => {
    folder = mkdtempSync(join(tmpdir(), 'chorus-obtain-'));
    const target = join(folder, 'cache', 'tool');
    const log = join(folder, 'log');
    const answers = await Promise.all([1, 2, 3, 4].map(() => asker(target, log)));
    expect(answers).toEqual(['whole binary', 'whole binary', 'whole binary', 'whole binary']);
    expect(readFileSync(log, 'utf8')).toBe('produced\n');
  }, 30_000);
});
