// A bench's own Chorus: the whole stack on free ports in a temp folder, the bench data arranged (data.mjs), handed
// to `measure`, then stopped and removed whatever happens.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsSuperuser } from '../configure-pocketbase.mjs';
import { freePorts } from '../ports.mjs';
import { startStack } from '../stack.mjs';
import { prepareBenchData } from './data.mjs';

/**
 * Runs `measure({ stack, admin, data, dataDir })` on a fresh stack named after `name`. `unlimited`: PocketBase's rate
 * limits off, for a bench whose one process asks far faster than a person (it measures work, not refusals).
 * @template T
 * @param {string} name
 * @param {(bench: { stack: any, admin: any, data: any, dataDir: string }) => Promise<T>} measure
 * @param {{ unlimited?: boolean }} [options]
 * @returns {Promise<T>}
 */
export async function withBenchStack(name, measure, { unlimited = false } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), `chorus-bench-${name}-`));
  const [sitePort, pbPort, smtpPort] = await freePorts(3);
  const stack = await startStack({ dataDir, sitePort, pbPort, smtpPort, build: 'if-missing' });
  try {
    const admin = await connectAsSuperuser(stack.pbUrl, stack.superuser);
    const data = await prepareBenchData(admin, stack.pbUrl, stack.demoPassword);
    if (unlimited) await admin.settings.update({ rateLimits: { enabled: false } });
    return await measure({ stack, admin, data, dataDir });
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
