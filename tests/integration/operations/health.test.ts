// GET /api/chorus/health (pb_hooks/health/health.pb.js): admins and superusers read it, nobody else; it counts the mail
// that fails (SMTP pointed at a closed port), says how a request reached PocketBase (the site's visitor header,
// another one, none), and the doctor's POST is the superuser's alone.
import { createServer } from 'node:net';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { type Actors, attempt, createActors } from '../../support/world';

/** A port with nothing listening on it: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Report {
  pocketbase: { version: string; program: string; uptimeSeconds: number };
  mail: { enabled: boolean; sent: number; failed: number; lastError?: string };
  migrations: { pending: string[]; applied: number };
  replica: { kind: string };
  client: { forwarded: string; address: string };
  storage: { databaseBytes: number; diskFreeBytes: number | null };
  ai: { configured: boolean; model: string; indexed: number; total: number; lastError: string };
}

const health = (client: PocketBase, headers: Record<string, string> = {}) =>
  client.send<Report>('/api/chorus/health', { headers });

let pb: TestPocketBase;
let actors: Actors;

beforeAll(async () => {
  pb = await startTestPocketBase({ smtpPort: await closedPort(), env: { CHORUS_REPLICA_DIR: 'off' } });
  actors = await createActors(pb);
}, 60_000);

afterAll(async () => {
  await pb?.stop();
});

describe('the health route', () => {
  it("answers the superuser: Chorus's PocketBase 0.39.11, migrations applied, sizes, backups off", async () => {
    const report = await health(pb.admin);
    expect(report.pocketbase.version).toBe('0.39.11');
    // The Go program that counts votes marked itself (a stock PocketBase would report 'stock' and refuse votes).
    expect(report.pocketbase.program).toBe('chorus');
    expect(report.migrations.pending).toEqual([]);
    expect(report.migrations.applied).toBeGreaterThan(50);
    expect(report.storage.databaseBytes).toBeGreaterThan(0);
    expect(report.replica.kind).toBe('off');
    // No AI provider here (CHORUS_AI_URL=off): ideas by meaning are off, and say so.
    expect(report.ai).toMatchObject({ configured: false, model: '', indexed: 0, lastError: '' });
  });

  it('answers an admin member (as the site asks for /admin/health) and refuses everyone else', async () => {
    expect((await health(actors.admin)).pocketbase.version).toBe('0.39.11');
    for (const actor of ['moderator', 'member', 'visitor', 'blocked admin'] as const) {
      expect(await attempt(() => health(actors[actor])), actor).toBe(false);
    }
  });

  it("reports a failing mail server: a member's password reset cannot be sent", async () => {
    const before = (await health(pb.admin)).mail;
    expect(before.enabled).toBe(true);
    // PocketBase sends the reset in the background: the count follows within moments.
    const member = actors.member.authStore.record?.email as string;
    await pb.visitor().collection('users').requestPasswordReset(member);
    let mail = before;
    for (let i = 0; i < 50 && mail.failed === before.failed; i++) {
      await new Promise((r) => setTimeout(r, 100));
      mail = (await health(pb.admin)).mail;
    }
    expect(mail.failed).toBe(before.failed + 1);
    expect(mail.lastError).toMatch(/connection refused/i);
    expect(mail.sent).toBe(before.sent);
  });

  it("says whether the request came with the site's visitor header, another secret's, or none", async () => {
    // The test clients act as the site does: the header named after PocketBase's own secret.
    expect((await health(pb.admin)).client.forwarded).toBe('trusted');
    const bare = pb.visitor();
    bare.authStore.save(pb.admin.authStore.token, pb.admin.authStore.record);
    bare.beforeSend = (url, options) => ({
      url,
      options: { ...options, headers: { authorization: pb.admin.authStore.token } },
    });
    expect((await health(bare)).client.forwarded).toBe('none');
    const forged = { 'X-Chorus-Ip-00000000000000000000000000000000': '203.0.113.9' };
    bare.beforeSend = (url, options) => ({
      url,
      options: { ...options, headers: { authorization: pb.admin.authStore.token, ...forged } },
    });
    const untrusted = await health(bare);
    expect(untrusted.client.forwarded).toBe('untrusted');
    expect(untrusted.client.address).not.toBe('203.0.113.9');
  });

  it("keeps the doctor's probe (a write, a signed publish) to the superuser", async () => {
    const probe = (client: PocketBase) => client.send('/api/chorus/health', { method: 'POST', body: {} });
    expect(await attempt(() => probe(actors.admin))).toBe(false);
    const answer = await probe(pb.admin);
    expect(answer.heartbeatAt).toBeGreaterThan(0);
  });
});
