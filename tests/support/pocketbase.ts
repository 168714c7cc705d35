// Starts a real PocketBase for a test file: a free port, a temp data folder, Chorus's migrations and hooks.
// Gives helpers to make actors (visitor, members, staff) as authenticated SDK clients.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { startPocketBase } from '../../scripts/lib/pocketbase-server.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';

export type Role = 'member' | 'moderator' | 'admin';

export interface TestPocketBase {
  url: string;
  /** A superuser client, for arranging data the API rules would refuse. */
  admin: PocketBase;
  /** A signed-out client. */
  visitor(): PocketBase;
  /** Creates a user with the given role and returns a client signed in as them. */
  actor(role?: Role, fields?: Record<string, unknown>): Promise<PocketBase>;
  stop(): Promise<void>;
}

export const TEST_PASSWORD = 'correct horse battery';
let counter = 0;

export async function startTestPocketBase(
  options: { smtpPort?: number; appUrl?: string; env?: Record<string, string> } = {},
): Promise<TestPocketBase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'chorus-pb-'));
  const port = await freePort();
  const superuser = { email: 'operator@chorus.test', password: 'operator-password-123' };
  const server = await startPocketBase({ dataDir, port, superuser, env: options.env ?? {} });
  const admin = client(server.url);
  await admin.collection('_superusers').authWithPassword(superuser.email, superuser.password);
  if (options.smtpPort || options.appUrl) {
    await admin.settings.update({
      meta: {
        appName: 'Chorus',
        appURL: options.appUrl ?? 'http://127.0.0.1:4321',
        senderName: 'Chorus',
        senderAddress: 'chorus@chorus.test',
      },
      ...(options.smtpPort && { smtp: { enabled: true, host: '127.0.0.1', port: options.smtpPort, tls: false } }),
    });
  }

  return {
    url: server.url,
    admin,
    visitor: () => client(server.url),
    async actor(role = 'member', fields = {}) {
      counter += 1;
      const email = `${role}-${counter}-${Date.now()}@chorus.test`;
      await admin.collection('users').create({
        email,
        password: TEST_PASSWORD,
        passwordConfirm: TEST_PASSWORD,
        name: `${role} ${counter}`,
        verified: true,
        role,
        ...fields,
      });
      const pb = client(server.url);
      await pb.collection('users').authWithPassword(email, TEST_PASSWORD);
      return pb;
    },
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function client(url: string): PocketBase {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  return pb;
}
