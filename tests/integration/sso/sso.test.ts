// Single sign-on against PocketBase's /api/chorus/sso: a token signed with the admin's secret signs the
// person in (linked by the app's user id), and every bad token is refused with its own code.
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clientAddressHeader } from '../../../src/lib/pb/client-address.mjs';
import { requestFrom } from '../../support/from-address';
import { badTokens, signIdentifyToken } from '../../support/identify-tokens';
import { blackPng } from '../../support/images';
import { startTestPocketBase, TEST_PASSWORD, type TestPocketBase } from '../../support/pocketbase';
import { createBoard, createPost } from '../../support/world';

let pb: TestPocketBase;
let secret: string;
let settingsId: string;
let n = 0;

beforeAll(async () => {
  pb = await startTestPocketBase();
  const settings = await pb.admin.collection('widget_settings').getFirstListItem('');
  settingsId = settings.id;
  secret = (await pb.admin.collection('sso_secrets').getFirstListItem('')).secret;
});
afterAll(() => pb?.stop());
beforeEach(() => pb.admin.collection('widget_settings').update(settingsId, { sso_enabled: true }));

const person = () => {
  n += 1;
  return { sub: `app-user-${n}-${Date.now()}`, email: `app-${n}-${Date.now()}@example.com`, name: `App User ${n}` };
};

async function exchange(token: string, client: PocketBase = pb.visitor()) {
  try {
    const body = await client.send('/api/chorus/sso', { method: 'POST', body: { token } });
    return { status: 200, body };
  } catch (error) {
    const e = error as { status: number; response: { code: string; message: string } };
    return { status: e.status, body: e.response };
  }
}

describe('a good identify token', () => {
  it('creates a verified member linked by the app user id and returns a normal session', async () => {
    const who = person();
    const { status, body } = await exchange(await signIdentifyToken(secret, who));
    expect(status).toBe(200);
    expect(body.record).toMatchObject({ email: who.email, name: who.name, role: 'member', verified: true });
    expect(body.record.external_id).toBeUndefined();
    const client = pb.visitor();
    client.authStore.save(body.token, body.record);
    expect((await client.collection('users').authRefresh()).record.id).toBe(body.record.id);
    const stored = await pb.admin.collection('users').getOne(body.record.id);
    expect(stored.external_id).toBe(who.sub);
  });

  it('signs the same app user into the same member again, following a new email and name', async () => {
    const who = person();
    const first = await exchange(await signIdentifyToken(secret, who));
    const again = { ...who, email: `moved-${who.email}`, name: 'Renamed In App' };
    const second = await exchange(await signIdentifyToken(secret, again));
    expect(second.status).toBe(200);
    expect(second.body.record.id).toBe(first.body.record.id);
    expect(second.body.record).toMatchObject({ email: again.email, name: 'Renamed In App' });
  });

  it('accepts `id` in place of `sub` and links an existing member with that email', async () => {
    const member = await pb.actor('member');
    const email = member.authStore.record?.email as string;
    const { status, body } = await exchange(await signIdentifyToken(secret, { id: 'by-id-1', email } as never));
    expect(status).toBe(200);
    expect(body.record.id).toBe(member.authStore.record?.id);
  });

  it('keeps the avatar URL for browsers to load, and signs in anyway when it is not acceptable', async () => {
    const url = 'https://images.example.com/people/7.png';
    const pictured = await exchange(await signIdentifyToken(secret, { ...person(), avatar: url }));
    expect(pictured.status).toBe(200);
    expect(pictured.body.record).toMatchObject({ avatar: '', avatar_url: url });
    const plain = await exchange(
      await signIdentifyToken(secret, { ...person(), avatar: 'ftp://images.example.com/7' }),
    );
    expect(plain.status).toBe(200);
    expect(plain.body.record.avatar_url).toBe('');
  });

  it('shows the app picture wherever the member appears: their ideas carry it and voter lists give it', async () => {
    const url = 'https://images.example.com/people/8.png';
    const { body } = await exchange(await signIdentifyToken(secret, { ...person(), avatar: url }));
    const member = pb.visitor();
    member.authStore.save(body.token, body.record);
    const board = await createBoard(pb, 'public');
    const idea = await createPost(pb, board, member);
    expect(idea.author_avatar).toBe(url);
    await pb.admin.collection('votes').create({ post: idea.id, user: body.record.id });
    const voters = await pb.visitor().send(`/api/chorus/posts/${idea.id}/voters`, {});
    expect(voters.items[0]).toMatchObject({ id: body.record.id, avatar: '', avatar_url: url });
    // An uploaded avatar goes first, on the ideas too.
    const form = new FormData();
    form.append('avatar', new File([new Uint8Array(blackPng(8, 8))], 'me.png', { type: 'image/png' }));
    const uploaded = await member.collection('users').update(body.record.id, form);
    expect((await pb.admin.collection('posts').getOne(idea.id)).author_avatar).toBe(uploaded.avatar);
  });

  it('never grants a staff role, whatever the token claims', async () => {
    const who = { ...person(), role: 'admin', blocked: false };
    const { body } = await exchange(await signIdentifyToken(secret, who));
    expect(body.record.role).toBe('member');
  });

  it('lifts a password sign-in lock on the member it signs in', async () => {
    const who = person();
    const { body } = await exchange(await signIdentifyToken(secret, who));
    await pb.admin
      .collection('users')
      .update(body.record.id, { password: TEST_PASSWORD, passwordConfirm: TEST_PASSWORD });
    const signIn = (password: string) =>
      requestFrom('127.0.0.1', `${pb.url}/api/collections/users/auth-with-password`, {
        method: 'POST',
        json: { identity: who.email, password },
        headers: { [clientAddressHeader(pb.proxySecret)]: '10.80.0.1' },
      });
    for (let i = 0; i < 10; i++) await signIn(`wrong-${i}`);
    expect((await signIn(TEST_PASSWORD)).status).toBe(429);
    expect((await exchange(await signIdentifyToken(secret, who))).status).toBe(200);
    expect((await signIn(TEST_PASSWORD)).status).toBe(200);
  });
});

describe('refusals', () => {
  it.each(['expired', 'not yet valid', 'wrongly signed', 'alg none', 'living too long', 'tampered', 'garbage'])(
    'refuses a token %s',
    async (name) => {
      const who = person();
      const bad = (await badTokens(secret, who)).find((t) => t.name === name);
      const { status, body } = await exchange(bad?.token ?? '');
      expect(status).toBeGreaterThanOrEqual(400);
      expect(body.code).toBe(bad?.code);
      expect(body.message).toMatch(/sign/i);
      await expect(pb.admin.collection('users').getFirstListItem(`email = "${who.email}"`)).rejects.toThrow();
    },
  );

  it('refuses a replayed token, with or without a jti', async () => {
    for (const jti of [undefined, null]) {
      const token = await signIdentifyToken(secret, person(), { jti });
      expect((await exchange(token)).status).toBe(200);
      const replay = await exchange(token);
      expect(replay).toMatchObject({ status: 401, body: { code: 'replayed' } });
    }
  });

  it('refuses a token without exp, iat, user id or email', async () => {
    const who = person();
    const noSub = await signIdentifyToken(secret, { email: who.email } as never);
    expect((await exchange(noSub)).body.code).toBe('missing_claims');
    const noEmail = await signIdentifyToken(secret, { sub: who.sub } as never);
    expect((await exchange(noEmail)).body.code).toBe('missing_claims');
  });

  it('refuses every token while SSO is disabled', async () => {
    await pb.admin.collection('widget_settings').update(settingsId, { sso_enabled: false });
    const { status, body } = await exchange(await signIdentifyToken(secret, person()));
    expect(status).toBe(403);
    expect(body.code).toBe('sso_disabled');
  });

  it('does not take over an email owned by a different app user id', async () => {
    const owner = person();
    const first = await exchange(await signIdentifyToken(secret, owner));
    const intruder = { ...person(), email: owner.email };
    const { status, body } = await exchange(await signIdentifyToken(secret, intruder));
    expect(status).toBe(409);
    expect(body.code).toBe('email_taken');
    const stored = await pb.admin.collection('users').getOne(first.body.record.id);
    expect(stored.external_id).toBe(owner.sub);
  });

  it('logs every refusal for the operator, with its code', async () => {
    await exchange('not.a.jwt');
    const deadline = Date.now() + 10_000;
    let codes: string[] = [];
    while (Date.now() < deadline) {
      const logs = await pb.admin.logs.getList(1, 200, { filter: 'message = "SSO refused"' });
      codes = logs.items.map((log) => String(log.data.code));
      if (codes.includes('malformed') && codes.includes('sso_disabled')) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(new Set(codes)).toEqual(
      new Set([
        'expired',
        'not_yet_valid',
        'bad_signature',
        'bad_algorithm',
        'too_long',
        'malformed',
        'replayed',
        'missing_claims',
        'sso_disabled',
        'email_taken',
      ]),
    );
  });

  it('does not sign in a staff account', async () => {
    const admin = await pb.actor('admin');
    const email = admin.authStore.record?.email as string;
    const { status, body } = await exchange(await signIdentifyToken(secret, { sub: 'staff-1', email }));
    expect(status).toBe(403);
    expect(body.code).toBe('staff_account');
    expect((await pb.admin.collection('users').getOne(admin.authStore.record?.id ?? '')).external_id).toBe('');
  });
});
