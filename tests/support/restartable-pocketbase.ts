// A real PocketBase on a data folder that survives a restart (same folder, same port), for tests of
// what must outlive a PocketBase restart or a kill (SIGKILL: a power cut for the process). Environment
// variables given here reach the PocketBase process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { startPocketBase, stopProcess } from '../../tools/lib/pocketbase-server.mjs';
import { freePort } from '../../tools/lib/ports.mjs';
import { outboundAllowFile } from './outbound-allow';

const superuser = { email: 'operator@chorus.test', password: 'operator-password-123' };

/** Runs `start` with `env` added to process.env (which the spawned PocketBase inherits), then restores it. */
async function withEnv<T>(env: Record<string, string>, start: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  try {
    return await start();
  } finally {
    for (const [key, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

export async function startRestartablePocketBase(env: Record<string, string>, appUrl: string, smtpPort?: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'chorus-pb-'));
  const port = await freePort();
  outboundAllowFile(); // named in process.env, which PocketBase inherits (tests/support/outbound-allow.ts)
  // A copy of the tests' migrated folder (tools/lib/migrated-template.mjs), as every test PocketBase starts from.
  let server = await withEnv(env, () => startPocketBase({ dataDir, port, superuser, fromTemplate: true }));
  const admin = new PocketBase(server.url);
  admin.autoCancellation(false);
  await admin.collection('_superusers').authWithPassword(superuser.email, superuser.password);
  await admin.settings.update({
    meta: { appName: 'Chorus', appURL: appUrl, senderName: 'Chorus', senderAddress: 'chorus@chorus.test' },
    ...(smtpPort && { smtp: { enabled: true, host: '127.0.0.1', port: smtpPort, tls: false } }),
  });
  return {
    url: server.url,
    dataDir,
    admin,
    /** Kills PocketBase mid-work (SIGKILL); `restart` starts it again on the same data. */
    kill: () => stopProcess(server.process, 'SIGKILL'),
    async restart() {
      await server.stop(); // nothing to stop after a kill
      // No superuser upsert: it would change the password and end the test's superuser session.
      server = await withEnv(env, () => startPocketBase({ dataDir, port, superuser: undefined }));
    },
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
