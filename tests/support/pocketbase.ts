// Starts a real PocketBase for a test file: a free port, a temp data folder, Chorus's migrations and hooks.
// Gives helpers to make actors (visitor, members, staff) as authenticated SDK clients.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type PocketBase from 'pocketbase';
import { startPocketBase } from '../../tools/lib/pocketbase-server.mjs';
import { freePort } from '../../tools/lib/ports.mjs';
import { clientFromAddress } from './addressed-client';
import { outboundAllowFile } from './outbound-allow';

export type Role = 'member' | 'moderator' | 'admin';

export interface TestPocketBase {
  url: string;
  /** Its data folder (read-only use: e.g. a query plan from data.db). */
  dataDir: string;
  /** A superuser client, for arranging data the API rules would refuse. */
  admin: PocketBase;
  /** The superuser's credentials (for a command an operator runs against this PocketBase). */
  superuser: { email: string; password: string };
  /** A signed-out client. */
  visitor(): PocketBase;
  /** The secret this PocketBase shares with the site (CHORUS_PROXY_SECRET). */
  proxySecret: string;
  /** PocketBase's process id. */
  pid: number;
  /** What PocketBase printed so far (with `dev`, every SQL statement it ran). */
  output(): string;
  /** Stops PocketBase and starts it again on the same data and port, with `env` added to its environment. */
  restart(env?: Record<string, string>): Promise<void>;
  /** Creates a user with the given role and returns a client signed in as them. */
  actor(role?: Role, fields?: Record<string, unknown>): Promise<PocketBase>;
  stop(): Promise<void>;
}

export const TEST_PASSWORD = 'correct horse battery';

/** Starts PocketBase on a free port, and on another when a process took that port before PocketBase could. */
async function startOnFreePort(options: Omit<Parameters<typeof startPocketBase>[0], 'port'>) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startPocketBase({ ...options, port: await freePort() });
    } catch (error) {
      if (attempt >= 3 || !/address already in use/.test(String(error))) throw error;
    }
  }
}
let counter = 0;

export async function startTestPocketBase(
  options: { smtpPort?: number; appUrl?: string; env?: Record<string, string>; dev?: boolean; fresh?: boolean } = {},
): Promise<TestPocketBase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'chorus-pb-'));
  const superuser = { email: 'operator@chorus.test', password: 'operator-password-123' };
  // Each test client is its own visitor, as behind the site: PocketBase's per-address rate limits count it
  // apart (pb_hooks/platform/client-address.pb.js trusts the address only in the header this secret names).
  const proxySecret = randomBytes(24).toString('hex');
  // Local stand-ins reach it through the harness's allow-list only (tests/support/outbound-allow.ts).
  // No AI provider unless the test gives one (tests/support/ai.ts), whatever this shell's environment says.
  const env = { CHORUS_OUTBOUND_ALLOW_FILE: outboundAllowFile(), CHORUS_AI_URL: 'off', ...options.env };
  // A copy of a migrated folder (shared by this run's PocketBases): 1.8 s of CPU less than migrating an empty one.
  // `fresh`: the folder migrated as a real server's is, without what the template adds (lib/test-password-cost.mjs).
  let server = await startOnFreePort({
    dataDir,
    superuser,
    proxySecret,
    env,
    dev: options.dev ?? false,
    fromTemplate: !options.fresh,
  });
  const client = (url: string) => visitorClient(url, proxySecret);
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
    superuser,
    dataDir,
    admin,
    visitor: () => client(server.url),
    proxySecret,
    pid: server.process.pid ?? 0,
    output: () => server.output(),
    async restart(more = {}) {
      const port = Number(new URL(server.url).port);
      await server.stop();
      server = await startPocketBase({
        dataDir,
        port,
        superuser: undefined,
        proxySecret,
        env: { ...env, ...more },
        dev: options.dev ?? false,
      });
    },
    async actor(role = 'member', fields = {}) {
      counter += 1;
      const email = `${role}-${counter}-${Date.now()}@chorus.test`;
      const created = await admin.collection('users').create({
        email,
        password: TEST_PASSWORD,
        passwordConfirm: TEST_PASSWORD,
        name: `${role} ${counter}`,
        role,
        ...fields,
        verified: true,
      });
      const pb = client(server.url);
      await pb.collection('users').authWithPassword(String(created.email ?? email), TEST_PASSWORD);
      // An unconfirmed account cannot sign in with a password (pb_hooks/auth/confirmed-sign-in.pb.js): one signed in
      // before its email became unconfirmed keeps its session, as a member whose address an admin unconfirmed.
      if (fields.verified === false) {
        await admin.collection('users').update(created.id, { verified: false });
        pb.authStore.save(pb.authStore.token, { ...pb.authStore.record, verified: false } as never);
      }
      return pb;
    },
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs `client` in to the unconfirmed account `email`: an unconfirmed account cannot sign in with a password
 * (pb_hooks/auth/confirmed-sign-in.pb.js), so this is the session it held from before its email became unconfirmed
 * (confirmed for the sign-in, then unconfirmed again), for the stories of what such a session can and cannot do.
 */
export async function heldSession(pb: TestPocketBase, client: PocketBase, email: string, password: string) {
  const { id } = await pb.admin.collection('users').getFirstListItem(pb.admin.filter('email = {:e}', { e: email }));
  await pb.admin.collection('users').update(id, { verified: true });
  await client.collection('users').authWithPassword(email, password);
  await pb.admin.collection('users').update(id, { verified: false });
  client.authStore.save(client.authStore.token, { ...client.authStore.record, verified: false } as never);
}

let addresses = 0;
const clientAddresses = new WeakMap<PocketBase, string>();

/** The address a test client's requests come from, as PocketBase reads it (e.realIP()). */
export function addressOf(client: PocketBase): string {
  return clientAddresses.get(client) ?? '';
}

/** A client with an address of its own (10.x.y.z), forwarded the way the site forwards its visitors'. */
function visitorClient(url: string, proxySecret: string): PocketBase {
  addresses += 1;
  const address = `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
  const pb = clientFromAddress(url, proxySecret, address);
  clientAddresses.set(pb, address);
  return pb;
}
