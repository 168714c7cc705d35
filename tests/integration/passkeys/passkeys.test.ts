// Passkeys end to end below the browser: the Worker's real verification (src/features/passkeys/ceremony.ts) against a
// real PocketBase, with a software authenticator making real signatures. Who sees and changes passkeys, one-time
// challenges, replayed and cross-origin responses, forged proofs, cloned authenticators, and the staff policy.
import type PocketBase from 'pocketbase';
import { ClientResponseError } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmFreshSignIn } from '../../../src/features/account/my-data';
import {
  beginRegistration,
  beginSignIn,
  completeRegistration,
  completeSignIn,
  type PasskeyContext,
  PasskeyRefusal,
} from '../../../src/features/passkeys/ceremony';
import { callPasskeys } from '../../../src/features/passkeys/passkey-proofs';
import { signProof } from '../../../src/features/passkeys/proof';
import { startTestPocketBase, TEST_PASSWORD, type TestPocketBase } from '../../support/pocketbase';
import { assert, register, type SoftPasskey } from '../../support/soft-authenticator';
import { type Actor, type Actors, allowed, createActors, expectAccess, idOf } from '../../support/world';

const SITE = 'http://localhost:4321';
let pb: TestPocketBase;
let actors: Actors;

const context = (client: PocketBase, origin: string | null = SITE, secret = pb.proxySecret): PasskeyContext => ({
  pb: client,
  secret,
  origin,
});

async function addPasskey(client: PocketBase, name = 'Laptop'): Promise<SoftPasskey> {
  const options = await beginRegistration(context(client), idOf(client));
  const { passkey, response } = await register(options, SITE);
  await completeRegistration(context(client), idOf(client), response, name);
  return passkey;
}

async function signIn(passkey: SoftPasskey, origin = SITE, counter?: number) {
  const visitor = pb.visitor();
  const options = await beginSignIn(context(visitor));
  const response = await assert(passkey, { ...options, challenge: options.challenge }, origin, counter);
  return { visitor, options, response, result: () => completeSignIn(context(visitor), response) };
}

async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (error instanceof PasskeyRefusal) return error.code;
    if (error instanceof ClientResponseError) return String(error.response.code ?? error.status);
    throw error;
  }
  return 'allowed';
}

function first<T>(list: T[]): T {
  const [item] = list;
  if (item === undefined) throw new Error('expected at least one row');
  return item;
}

beforeAll(async () => {
  pb = await startTestPocketBase({ appUrl: SITE });
  actors = await createActors(pb);
}, 60_000);
afterAll(() => pb?.stop());

describe('passkeys', () => {
  it('a member adds a passkey and signs in with it: the same PocketBase session as any sign-in', async () => {
    const member = await pb.actor('member');
    const passkey = await addPasskey(member, 'Phone');
    const { result } = await signIn(passkey);
    const auth = (await result()) as { token: string; record: { id: string } };
    expect(auth.record.id).toBe(idOf(member));
    const signedIn = pb.visitor();
    signedIn.authStore.save(auth.token, auth.record as never);
    await signedIn.collection('users').authRefresh();
    expect(signedIn.authStore.record?.id).toBe(idOf(member));
    const own = first(await member.collection('passkeys').getFullList());
    expect(own.name).toBe('Phone');
    expect(own.public_key).toBeUndefined();
    expect(own.last_used).not.toBe('');
  });

  it('access matrix: only the owner lists, views, renames and removes; nobody creates or rewrites the key', async () => {
    const passkeyOf: Partial<Record<Actor, string>> = {};
    await addPasskey(actors.member);
    const row = first(await actors.member.collection('passkeys').getFullList());
    passkeyOf.member = row.id;
    const visible = async (actor: Actor) => {
      const list = await actors[actor].collection('passkeys').getFullList();
      if (!list.some((item) => item.id === row.id)) throw new ClientResponseError({ status: 404 });
    };
    await expectAccess(visible, allowed('member'), 'list');
    await expectAccess((actor) => actors[actor].collection('passkeys').getOne(row.id), allowed('member'), 'view');
    await expectAccess(
      (actor) => actors[actor].collection('passkeys').update(row.id, { name: `by ${actor}` }),
      allowed('member'),
      'rename',
    );
    // A hidden field is ignored in a member's write (PocketBase drops it): the key stays the authenticator's.
    const key = (await pb.admin.collection('passkeys').getOne(row.id)).public_key;
    await actors.member
      .collection('passkeys')
      .update(row.id, { public_key: 'pQECAyYgASFYIA' })
      .catch(() => null);
    expect((await pb.admin.collection('passkeys').getOne(row.id)).public_key).toBe(key);
    for (const field of ['counter', 'credential_id', 'user', 'last_used'] as const) {
      await expectAccess(
        (actor) =>
          actors[actor].collection('passkeys').update(row.id, {
            [field]: field === 'counter' ? 0 : field === 'last_used' ? '2020-01-01 00:00:00.000Z' : idOf(actors.admin),
          }),
        allowed(),
        `change ${field}`,
      );
    }
    await expectAccess(
      (actor) =>
        actors[actor].collection('passkeys').create({
          user: idOf(actors[actor]),
          name: 'Mine',
          credential_id: 'AAAAAAAAAAAAAAAAAAAAAA',
          public_key: 'pQECAyYgASFYIA',
        }),
      allowed(),
      'create',
    );
    await expectAccess((actor) => actors[actor].collection('passkey_challenges').getList(), allowed(), 'challenges');
    // Bad input on the rename form: empty and too long names are refused.
    await expect(actors.member.collection('passkeys').update(row.id, { name: '' })).rejects.toThrow();
    await expect(actors.member.collection('passkeys').update(row.id, { name: 'x'.repeat(61) })).rejects.toThrow();
    await expectAccess((actor) => actors[actor].collection('passkeys').delete(row.id), allowed('member'), 'delete');
  });

  it('passkey calls are rate-limited per visitor, beside the other limits', async () => {
    const { rateLimits } = await pb.admin.settings.getAll();
    const labels = (rateLimits.rules as { label: string; maxRequests: number }[]).map((rule) => rule.label);
    expect(labels).toEqual(expect.arrayContaining(['/api/chorus/passkeys/', '*:auth', '/api/']));
  });

  it('bad input: no response, garbage, an unknown passkey, a signed-out registration are refused', async () => {
    const visitor = pb.visitor();
    expect(await refusal(() => completeSignIn(context(visitor), {} as never))).toBe('failed');
    const garbage = { id: 'x', response: { clientDataJSON: '!!!' } };
    expect(await refusal(() => completeSignIn(context(visitor), garbage as never))).toBe('failed');
    const member = await pb.actor('member');
    const stranger = await register(await beginRegistration(context(member), idOf(member)), SITE);
    const options = await beginSignIn(context(visitor));
    const unknown = await assert(stranger.passkey, options, SITE);
    expect(await refusal(() => completeSignIn(context(visitor), unknown))).toBe('passkeyUnknown');
    expect(await refusal(() => beginRegistration(context(visitor), undefined))).toBe('signedOut');
    expect(await refusal(() => completeRegistration(context(visitor), undefined, stranger.response, 'x'))).toBe(
      'signedOut',
    );
    // Without a shared secret the site offers no passkeys at all.
    expect(await refusal(() => beginSignIn({ pb: visitor, secret: undefined, origin: SITE }))).toBe('unavailable');
  });

  it('a deleted account’s passkey is gone and refused; its names are in the member’s data before that', async () => {
    const member = await pb.actor('member');
    const passkey = await addPasskey(member, 'Work laptop');
    const { document } = await member.send<{ document: { passkeys: { name: string }[] } }>('/api/chorus/me/export', {
      method: 'GET',
    });
    expect(document.passkeys.map((row) => row.name)).toEqual(['Work laptop']);
    expect(JSON.stringify(document)).not.toContain(passkey.id);
    const fresh = await confirmFreshSignIn(member, { password: TEST_PASSWORD });
    await member.send('/api/chorus/me/delete', { method: 'POST', body: { fresh } });
    expect(await pb.admin.collection('passkeys').getFullList({ filter: `user = "${idOf(member)}"` })).toEqual([]);
    const { result } = await signIn(passkey);
    expect(await refusal(result)).toBe('passkeyUnknown');
  });

  it('a challenge is used once: a replayed response is refused', async () => {
    const member = await pb.actor('member');
    const passkey = await addPasskey(member);
    const { visitor, response } = await signIn(passkey);
    await completeSignIn(context(visitor), response);
    expect(await refusal(() => completeSignIn(context(visitor), response))).toBe('passkeyExpired');
  });

  it('a cross-origin response, or a request from another origin, is refused', async () => {
    const member = await pb.actor('member');
    const passkey = await addPasskey(member);
    const evil = await signIn(passkey, 'https://evil.example');
    expect(await refusal(evil.result)).toBe('failed');
    const honest = await signIn(passkey);
    expect(await refusal(() => completeSignIn(context(honest.visitor, 'https://evil.example'), honest.response))).toBe(
      'wrongOrigin',
    );
    // A page on another origin is told the site's own and the one it is on (issue #41); no Origin is no browser's.
    const elsewhere = await beginSignIn(context(pb.visitor(), 'http://127.0.0.1:4321')).catch((error) => error);
    expect(elsewhere).toBeInstanceOf(PasskeyRefusal);
    expect(elsewhere.values).toEqual({
      expected: expect.stringMatching(/^https?:\/\//),
      actual: 'http://127.0.0.1:4321',
    });
    expect(await refusal(() => beginSignIn(context(pb.visitor(), null)))).toBe('crossOrigin');
    // Registration made on another origin is refused too.
    const options = await beginRegistration(context(member), idOf(member));
    const { response } = await register(options, 'https://evil.example');
    expect(await refusal(() => completeRegistration(context(member), idOf(member), response, 'x'))).toBe('failed');
  });

  it('a proof without the secret is refused, and so is one for a challenge never made', async () => {
    const member = await pb.actor('member');
    const passkey = await addPasskey(member);
    const { response } = await signIn(passkey);
    const challenge = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString()).challenge;
    const forged = await signProof('not-the-secret', { act: 'signin', challenge, credential: passkey.id, counter: 99 });
    const answer = await fetch(`${pb.url}/api/chorus/passkeys/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ proof: forged }),
    });
    expect(answer.status).toBe(401);
    expect(await refusal(() => completeSignIn(context(pb.visitor(), SITE, 'wrong'), response))).toBe('passkeyBadProof');
    const made = 'A'.repeat(43);
    expect(
      await refusal(() =>
        callPasskeys(pb.visitor(), pb.proxySecret, 'signin', { challenge: made, credential: passkey.id, counter: 99 }),
      ),
    ).toBe('passkeyExpired');
    // A member cannot finish a registration with another member's challenge.
    const other = await pb.actor('member');
    const options = await beginRegistration(context(other), idOf(other));
    const stolen = await register(options, SITE);
    expect(await refusal(() => completeRegistration(context(member), idOf(member), stolen.response, 'x'))).toBe(
      'failed',
    );
  });

  it('a counter that goes back (a cloned authenticator) is refused', async () => {
    const member = await pb.actor('member');
    const passkey = await addPasskey(member);
    await (await signIn(passkey, SITE, 5)).result();
    expect(await refusal((await signIn(passkey, SITE, 3)).result)).toBe('failed');
    // PocketBase refuses it too, even with a genuine proof (two verifications racing).
    const visitor = pb.visitor();
    const options = await beginSignIn(context(visitor));
    expect(
      await refusal(() =>
        callPasskeys(visitor, pb.proxySecret, 'signin', {
          challenge: options.challenge,
          credential: passkey.id,
          counter: 5,
        }),
      ),
    ).toBe('passkeyCounter');
  });

  it('staff passkey policy: only an admin with a passkey turns it on; staff then sign in only with a passkey', async () => {
    const site = await pb.admin.collection('site').getFirstListItem('');
    const admin = await pb.actor('admin');
    const moderator = await pb.actor('moderator');
    const member = await pb.actor('member');
    expect(await refusal(() => admin.collection('site').update(site.id, { staff_passkey_required: true }))).toBe(
      'passkeyPolicyNeedsOwn',
    );
    const adminKey = await addPasskey(admin);
    await admin.collection('site').update(site.id, { staff_passkey_required: true });
    const audit = await pb.admin
      .collection('audit_entries')
      .getFullList({ filter: 'action = "settings.staff_passkey_required"' });
    expect(audit.at(-1)?.after).toEqual({ staff_passkey_required: true });
    const email = String(moderator.authStore.record?.email);
    expect(await refusal(() => pb.visitor().collection('users').authWithPassword(email, TEST_PASSWORD))).toBe(
      'passkeyStaffRequired',
    );
    // Members are unaffected; staff with a passkey sign in with it; the last one cannot be removed.
    await pb.visitor().collection('users').authWithPassword(String(member.authStore.record?.email), TEST_PASSWORD);
    const auth = (await (await signIn(adminKey)).result()) as { record: { id: string } };
    expect(auth.record.id).toBe(idOf(admin));
    const only = first(await admin.collection('passkeys').getFullList());
    expect(await refusal(() => admin.collection('passkeys').delete(only.id))).toBe('passkeyLastForStaff');
    // The operator (a superuser) can always turn it off.
    await pb.admin.collection('site').update(site.id, { staff_passkey_required: false });
    await pb.visitor().collection('users').authWithPassword(email, TEST_PASSWORD);
  });
});
