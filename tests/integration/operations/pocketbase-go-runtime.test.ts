// PocketBase runs with Go's garbage collector set for a server (tools/lib/pocketbase-server.mjs), unless the
// environment sets its own values.
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goRuntimeEnv } from '../../../tools/lib/pocketbase-server.mjs';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';

let pb: TestPocketBase;
beforeAll(async () => {
  pb = await startTestPocketBase();
});
afterAll(() => pb.stop());

const environmentOf = (pid: number) =>
  Object.fromEntries(
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );

describe("PocketBase's Go runtime", () => {
  it.skipIf(!existsSync('/proc/self/environ') || process.env.GOGC || process.env.GOMEMLIMIT)(
    'collects garbage less often than Go does by default, under a soft memory limit',
    () => {
      const environment = environmentOf(pb.pid);
      expect(environment.GOGC).toBe('400');
      expect(environment.GOMEMLIMIT).toBe('1GiB');
    },
  );

  it("keeps the operator's own settings", () => {
    expect(goRuntimeEnv({ GOGC: '150', GOMEMLIMIT: '300MiB' })).toEqual({ GOGC: '150', GOMEMLIMIT: '300MiB' });
    expect(goRuntimeEnv({ GOGC: '', GOMEMLIMIT: '2GiB' })).toEqual({ GOGC: '400', GOMEMLIMIT: '2GiB' });
    expect(goRuntimeEnv({})).toEqual({ GOGC: '400', GOMEMLIMIT: '1GiB' });
  });
});
