// `npm run doctor` against a local stand-in deployment (the site in workerd behind the local edge, PocketBase,
// Litestream, a mail catcher): every check passes; then each wire is cut in turn (PocketBase restarted with a
// wrong edge secret, then a wrong proxy secret; a wrong Application URL; SMTP pointed at a closed port;
// Litestream stopped) and the doctor names that fault, says what to do, and exits 1.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAsSuperuser } from '../../../tools/lib/configure-pocketbase.mjs';
import { startPocketBase } from '../../../tools/lib/pocketbase-server.mjs';
import { freePorts } from '../../../tools/lib/ports.mjs';
import { startStack } from '../../../tools/lib/stack.mjs';

const DOCTOR = join(import.meta.dirname, '../../../tools/doctor.mjs');

type Stack = Awaited<ReturnType<typeof startStack>>;
let stack: Stack;
let admin: PocketBase;
let folder: string;
let ports: { site: number; pb: number; smtp: number };

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs the doctor as an operator does (async: the mail catcher answers from this process). */
function doctor(site: string): Promise<{ code: number | null; out: string; err: string }> {
  const { PB_URL, ...env } = process.env;
  const child = spawn(process.execPath, [DOCTOR, site], {
    env: { ...env, PB_SUPERUSER_EMAIL: stack.superuser.email, PB_SUPERUSER_PASSWORD: stack.superuser.password },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr.on('data', (chunk) => {
    err += chunk;
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out, err })));
}

/** The doctor's line (and the advice under it) for the check whose name starts with `name`. */
function lineOf(out: string, name: string): string {
  const lines = out.split('\n');
  const at = lines.findIndex((line) => line.slice(8).startsWith(name));
  if (at < 0) throw new Error(`No line for "${name}" in:\n${out}`);
  return [lines[at], lines[at + 1]?.trim().startsWith('→') ? lines[at + 1] : ''].join('\n');
}

const failing = (out: string) => out.split('\n').filter((line) => line.startsWith('  FAIL'));

/** PocketBase stopped and started again on the same folder and port with one thing changed, while `check` runs. */
async function withPocketBase(change: { proxySecret?: string; edgeSecret?: string }, check: () => Promise<void>) {
  await stack.pocketbase().stop();
  const changed = await startPocketBase({
    dataDir: folder,
    port: ports.pb,
    proxySecret: change.proxySecret ?? stack.proxySecret,
    env: {
      CHORUS_REPLICA_DIR: join(folder, 'replica'),
      EDGE_URL: `http://127.0.0.1:${ports.site}`,
      EDGE_PURGE_SECRET: change.edgeSecret ?? stack.edgePurgeSecret,
    },
  });
  try {
    await check();
  } finally {
    await changed.stop();
    await stack.restartPocketBase();
  }
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'chorus-doctor-'));
  const [site, pb, smtp] = await freePorts(3);
  ports = { site, pb, smtp } as typeof ports;
  stack = await startStack({
    dataDir: folder,
    sitePort: site,
    pbPort: pb,
    smtpPort: smtp,
    seed: false,
    build: 'if-missing',
    replicaDir: join(folder, 'replica'),
  });
  admin = await connectAsSuperuser(stack.pbUrl, stack.superuser);
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('npm run doctor', () => {
  it('passes every check on a working deployment (exit 0)', async () => {
    const { code, out, err } = await doctor(stack.siteUrl);
    expect(failing(out), out + err).toEqual([]);
    expect(out).not.toContain('  skip');
    expect(out).toMatch(/All \d+ checks passed\./);
    expect(lineOf(out, 'PocketBase and Chorus versions')).toContain('PocketBase 0.39.11');
    expect(code).toBe(0);
  }, 60_000);

  it('names a wrong edge secret: PocketBase signs with another one than the Worker', async () => {
    await withPocketBase({ edgeSecret: 'not-the-workers-secret' }, async () => {
      const { code, out } = await doctor(stack.siteUrl);
      expect(lineOf(out, 'The shared secret')).toMatch(/FAIL.*EDGE_PURGE_SECRETs differ[\s\S]*→ .*EDGE_PURGE_SECRET/);
      expect(lineOf(out, 'A forged publish is refused')).toMatch(/^ {2}ok/);
      expect(lineOf(out, "Per-visitor limits see the visitor's address")).toMatch(/^ {2}ok/);
      expect(code).toBe(1);
    });
  }, 60_000);

  it("names a wrong proxy secret: PocketBase does not trust the site's visitor header", async () => {
    await withPocketBase({ proxySecret: 'not-the-sites-secret' }, async () => {
      const { code, out } = await doctor(stack.siteUrl);
      expect(failing(out)).toHaveLength(1);
      expect(lineOf(out, "Per-visitor limits see the visitor's address")).toMatch(
        /FAIL.*CHORUS_PROXY_SECRETs differ[\s\S]*→ .*CHORUS_PROXY_SECRET/,
      );
      expect(code).toBe(1);
    });
  }, 60_000);

  it('names a wrong Application URL and SMTP that is down', async () => {
    const settings = await admin.settings.getAll();
    await admin.settings.update({
      meta: { appURL: 'https://feedback.example.com' },
      smtp: { ...settings.smtp, port: await closedPort() },
    });
    try {
      const { code, out } = await doctor(stack.siteUrl);
      expect(failing(out)).toHaveLength(2);
      expect(lineOf(out, 'The Application URL matches the site')).toMatch(
        /FAIL.*https:\/\/feedback\.example\.com but the site is http:\/\/127\.0\.0\.1[\s\S]*→ Set it to http:\/\/127\.0\.0\.1:\d+/,
      );
      expect(lineOf(out, 'SMTP accepts a test message')).toMatch(/FAIL.*refused a test message:.*connection refused/);
      expect(code).toBe(1);
    } finally {
      await admin.settings.update({ meta: settings.meta, smtp: settings.smtp });
    }
  }, 60_000);

  it('names a stale replica: Litestream stopped, a write does not reach it', async () => {
    await stack.replication?.stop();
    const { code, out } = await doctor(stack.siteUrl);
    expect(failing(out)).toHaveLength(1);
    expect(lineOf(out, 'The backup replica is fresh')).toMatch(/FAIL.*did not reach the replica.*Litestream running/);
    expect(code).toBe(1);
  }, 60_000);

  it('says in one sentence that nothing answers at a dead address (no stack trace)', async () => {
    const { code, out, err } = await doctor(`http://127.0.0.1:${await closedPort()}`);
    expect(lineOf(out, 'The site answers')).toMatch(/FAIL.*cannot be reached: nothing answers at 127\.0\.0\.1:\d+/);
    expect(out + err).not.toMatch(/^\s+at /m);
    expect(code).toBe(1);
  }, 30_000);
});

describe('/admin/health.json for monitoring (the token is PocketBase’s to check)', () => {
  const ask = (authorization: string) =>
    fetch(`${stack.siteUrl}/admin/health.json`, { headers: { authorization } }).then((r) => r.status);

  it('answers a superuser’s token; a forged, an expired or a member’s token gets a 404', async () => {
    expect(await ask(admin.authStore.token)).toBe(200);
    // A stranger keeps the superuser token's header and claims, and signs it themself.
    const [header, claims] = admin.authStore.token.split('.');
    expect(await ask(`${header}.${claims}.${'A'.repeat(43)}`)).toBe(404);
    // An admin member's token that lived five seconds (one was too short on a busy machine: it ended before the
    // first request arrived), asked with after it ended.
    const password = 'an-admin-password-123';
    const member = await admin.collection('users').create({
      email: `monitor-${Date.now()}@example.com`,
      password,
      passwordConfirm: password,
      name: 'Monitor',
      verified: true,
      role: 'admin',
    });
    const shortLived = await admin.collection('users').impersonate(member.id, 5);
    expect(await ask(shortLived.authStore.token)).toBe(200);
    const { exp } = JSON.parse(Buffer.from(shortLived.authStore.token.split('.')[1] ?? '', 'base64url').toString());
    await new Promise((r) => setTimeout(r, Math.max(0, exp * 1000 - Date.now()) + 1100));
    expect(await ask(shortLived.authStore.token)).toBe(404);
    const plain = await admin.collection('users').create({
      email: `plain-${Date.now()}@example.com`,
      password,
      passwordConfirm: password,
      name: 'Plain',
      verified: true,
    });
    expect(await ask((await admin.collection('users').impersonate(plain.id, 60)).authStore.token)).toBe(404);
  }, 30_000);
});
