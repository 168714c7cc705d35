// PocketBase's side of a secret rotation (`npm run deploy -- --rotate-secrets`): while CHORUS_PROXY_SECRET_PREVIOUS
// is set beside the new CHORUS_PROXY_SECRET, the visitor-address header and the site's proofs made with either
// secret are believed (the Worker switches after PocketBase restarts); a wrong secret never is; once PocketBase
// restarts without it, the old secret is refused like any other.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddressHeader } from '../../../src/lib/pb/client-address.mjs';
import { signSiteProof } from '../../../src/lib/site-proof';
import { startPocketBase } from '../../../tools/lib/pocketbase-server.mjs';
import { freePort } from '../../../tools/lib/ports.mjs';

const NEW = randomBytes(32).toString('hex');
const OLD = randomBytes(32).toString('hex');
const WRONG = randomBytes(32).toString('hex');
const superuser = { email: 'operator@chorus.test', password: 'operator-password-123' };

let dataDir: string;
let port: number;
let server: Awaited<ReturnType<typeof startPocketBase>> | undefined;
let token = '';

async function start(env: Record<string, string>) {
  await server?.stop();
  server = await startPocketBase({ dataDir, port, superuser: token ? undefined : superuser, proxySecret: NEW, env });
  const signIn = await fetch(`${server.url}/api/collections/_superusers/auth-with-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity: superuser.email, password: superuser.password }),
  });
  token = ((await signIn.json()) as { token: string }).token;
}

const asSuperuser = (path: string, init: RequestInit = {}) =>
  fetch(`${server?.url}${path}`, { ...init, headers: { authorization: token, ...init.headers } });

async function trustedHeaders(): Promise<string[]> {
  const settings = (await (await asSuperuser('/api/settings')).json()) as { trustedProxy: { headers: string[] } };
  return settings.trustedProxy.headers;
}

/** The address and trust PocketBase gives a request that names `address` in the header `secret` names. */
async function seenAs(secret: string, address: string) {
  const response = await asSuperuser('/api/chorus/health', { headers: { [clientAddressHeader(secret)]: address } });
  const report = (await response.json()) as { client: { address: string; forwarded: string } };
  return report.client;
}

/** The status of a passkey ceremony's first call with a proof the site signed with `secret`. */
async function challengeWith(secret: string): Promise<number> {
  const proof = await signSiteProof(secret, 'passkeys', {
    act: 'challenge',
    purpose: 'signin',
    challenge: randomBytes(32).toString('base64url'),
  });
  const response = await fetch(`${server?.url}/api/chorus/passkeys/challenge`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ proof }),
  });
  return response.status;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'chorus-rotation-'));
  port = await freePort();
  await start({ CHORUS_PROXY_SECRET_PREVIOUS: OLD });
  await asSuperuser('/api/settings', {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ meta: { appURL: 'https://feedback.example.com' } }),
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('while CHORUS_PROXY_SECRET_PREVIOUS is set', () => {
  it("trusts the new secret's header first, then the old one's", async () => {
    expect(await trustedHeaders()).toEqual([clientAddressHeader(NEW), clientAddressHeader(OLD)]);
  });

  it("believes the visitor's address in either header, never in a wrong secret's", async () => {
    expect(await seenAs(NEW, '10.61.0.1')).toEqual({ address: '10.61.0.1', forwarded: 'trusted' });
    expect(await seenAs(OLD, '10.61.0.2')).toEqual({ address: '10.61.0.2', forwarded: 'trusted' });
    const forged = await seenAs(WRONG, '10.61.0.3');
    expect(forged.forwarded).toBe('untrusted');
    expect(forged.address).not.toBe('10.61.0.3');
  });

  it("takes the site's proofs signed with either secret, never with a wrong one", async () => {
    expect(await challengeWith(NEW)).toBe(200);
    expect(await challengeWith(OLD)).toBe(200);
    expect(await challengeWith(WRONG)).toBe(401);
  });
});

describe('once PocketBase restarts without it', () => {
  beforeAll(() => start({}), 60_000);

  it('trusts only the new header and refuses the old secret like any other', async () => {
    expect(await trustedHeaders()).toEqual([clientAddressHeader(NEW)]);
    expect(await seenAs(NEW, '10.61.0.4')).toEqual({ address: '10.61.0.4', forwarded: 'trusted' });
    expect((await seenAs(OLD, '10.61.0.5')).forwarded).toBe('untrusted');
    expect(await challengeWith(NEW)).toBe(200);
    expect(await challengeWith(OLD)).toBe(401);
  });

  it('ignores a previous secret set without a current one', async () => {
    await start({ CHORUS_PROXY_SECRET: '', CHORUS_PROXY_SECRET_PREVIOUS: OLD });
    expect(await trustedHeaders()).toEqual([]);
    expect((await seenAs(OLD, '10.61.0.6')).forwarded).toBe('untrusted');
    expect(await challengeWith(OLD)).toBe(503);
  });
});
