// A real PocketBase on a data folder that survives a restart (same folder, same port), for tests of
// what must outlive a PocketBase restart. Environment variables given here reach the PocketBase process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { startPocketBase } from '../../scripts/lib/pocketbase-server.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';

const superuser = { email: 'operator@chorus.test', password: 'operator-password-123' };

export async function startRestartablePocketBase(env: Record<string, string>, appUrl: string, smtpPort?: number) {
  Object.assign(process.env, env);
  const dataDir = mkdtempSync(join(tmpdir(), 'chorus-pb-'));
  const port = await freePort();
  let server = await startPocketBase({ dataDir, port, superuser });
  const admin = new PocketBase(server.url);
  admin.autoCancellation(false);
  await admin.collection('_superusers').authWithPassword(superuser.email, superuser.password);
  await admin.settings.update({
    meta: { appName: 'Chorus', appURL: appUrl, senderName: 'Chorus', senderAddress: 'chorus@chorus.test' },
    ...(smtpPort && { smtp: { enabled: true, host: '127.0.0.1', port: smtpPort, tls: false } }),
  });
  return {
    url: server.url,
    admin,
    async restart() {
      await server.stop();
      server = await startPocketBase({ dataDir, port, superuser: undefined }); // keep the sessions valid
    },
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
