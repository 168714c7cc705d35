// A member's session check (GET /api/chorus/session, server/cmd/pocketbase/session.go; issue 59): every signed-in page
// view asks it once. Each actor gets their own record as the site shows them and their audience; nobody else, and no
// forged, erased, principal's or API key's token, gets a session; the token is verified, never renewed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIENCE_MEMBER, AUDIENCE_META, SESSION_PATH, SHELL_VERSION_META } from '../../../src/contract/audience';
import { confirmFreshSignIn } from '../../../src/features/account/my-data';
import { forgetPrincipalToken, principalToken } from '../../../src/lib/pb/audience';
import { verifySession } from '../../../src/lib/pb/session';
import { createApiKey, keyClient } from '../../support/api-keys';
import { startTestPocketBase, TEST_PASSWORD, type TestPocketBase } from '../../support/pocketbase';
import { ACTORS, type Actor, type Actors, createActors, idOf } from '../../support/world';

let pb: TestPocketBase;
let actors: Actors;
beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
}, 120_000);
afterAll(() => pb?.stop());

/** The route's status and body for `token` ('' sends none). */
async function ask(token: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${pb.url}${SESSION_PATH}`, { headers: token ? { authorization: token } : {} });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const AUDIENCE: Record<Actor, string | null> = {
  visitor: null,
  member: AUDIENCE_MEMBER,
  'other member': AUDIENCE_MEMBER,
  'blocked member': '',
  'blocked moderator': '',
  'blocked admin': '',
  moderator: '',
  admin: '',
};

describe('the session check, for every actor', () => {
  it.each(ACTORS)('%s', async (actor) => {
    const client = actors[actor];
    const { status, body } = await ask(client.authStore.token);
    if (AUDIENCE[actor] === null) {
      expect(status).toBe(401);
      expect(body).not.toHaveProperty('record');
      return;
    }
    expect(status).toBe(200);
    const own = await pb.admin.collection('users').getOne(idOf(client));
    // The fields the site reads of a session, as the member's own record has them; nothing else, and no new token.
    expect(body.record).toEqual({
      collectionId: own.collectionId,
      collectionName: 'users',
      id: own.id,
      email: own.email,
      name: own.name,
      avatar: own.avatar,
      avatar_url: own.avatar_url,
      role: own.role,
      locale: own.locale,
      verified: own.verified,
      blocked: own.blocked,
    });
    expect(body).not.toHaveProperty('token');
    const meta = body.meta as Record<string, string>;
    expect(meta[AUDIENCE_META]).toBe(AUDIENCE[actor]);
    // Active staff's version is the shell's, a dot and staff's; everyone else's is the shell's alone.
    const { body: member } = await ask(actors.member.authStore.token);
    const shell = (member.meta as Record<string, string>)[SHELL_VERSION_META];
    expect(shell).toMatch(/^\w{20}$/);
    const staff = actor === 'moderator' || actor === 'admin';
    expect(meta[SHELL_VERSION_META]).toMatch(staff ? new RegExp(`^${shell}\\.\\w{20}$`) : new RegExp(`^${shell}$`));
    // The site's check reads the same answer, and keeps the token it was given.
    const token = client.authStore.token;
    const session = await verifySession(client);
    expect(session).toMatchObject({
      user: { id: own.id, role: own.role },
      audience: AUDIENCE[actor],
      clearCookie: false,
    });
    expect(client.authStore.token).toBe(token);
  });
});

describe('no session for anything but a member’s own token', () => {
  it('a forged, tampered or expired token, a superuser’s, an API key: 401, and the site forgets the cookie', async () => {
    const member = actors.member.authStore.token;
    const [head, payload] = member.split('.');
    const expired = btoa(JSON.stringify({ ...JSON.parse(atob(payload as string)), exp: 1 })).replace(/=+$/, '');
    const key = await createApiKey(actors.admin, 'member', { name: 'Not a session' });
    for (const [what, token] of [
      ['a made-up token', 'not.a.token'],
      ['the member’s, its signature cut', `${head}.${payload}.`],
      ['the member’s, expired', `${head}.${expired}.${member.split('.')[2]}`],
      ['a superuser’s', pb.admin.authStore.token],
      ['an API key', key.token],
      ['an API key as a bearer', `Bearer ${key.token}`],
    ]) {
      expect((await ask(token as string)).status, what).toBe(401);
    }
    const keyed = keyClient(pb.url, key.token);
    await expect(keyed.send(SESSION_PATH, {})).rejects.toMatchObject({ status: 401 });
  });

  it('an erased account, its token still signed: 401', async () => {
    const client = await pb.actor('member');
    await client.send('/api/chorus/me/delete', {
      method: 'POST',
      body: { fresh: await confirmFreshSignIn(client, { password: TEST_PASSWORD }) },
    });
    expect((await ask(client.authStore.token)).status).toBe(401);
    // Erased by hand (the admin UI): the token's signature still holds; the check says no all the same.
    const other = await pb.actor('member');
    expect((await ask(other.authStore.token)).status).toBe(200);
    await pb.admin.collection('users').update(idOf(other), { deleted_at: new Date().toISOString() });
    expect((await ask(other.authStore.token)).status).toBe(401);
  });

  it('an audience’s principal, which may not sign in: 403', async () => {
    forgetPrincipalToken();
    const token = await principalToken(pb.url, pb.proxySecret);
    expect((await ask(token)).status).toBe(403);
  });

  it('is a GET only: the check changes nothing', async () => {
    const response = await fetch(`${pb.url}${SESSION_PATH}`, {
      method: 'POST',
      headers: { authorization: actors.member.authStore.token },
    });
    expect(response.status).toBe(404);
  });
});
