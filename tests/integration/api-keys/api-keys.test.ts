// API keys against a real PocketBase: who manages them (actors × the api_keys collection and its routes,
// denials included), what each scope may do on PocketBase's own routes, expiry, revocation, a demoted creator,
// the per-key limit, forged tokens, the audit trail, a key sent in an address, and the service members being
// no one to mention or email.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '../../../tools/lib/mail-catcher.mjs';
import { freePort } from '../../../tools/lib/ports.mjs';
import { type CreatedKey, createApiKey, type KeyScope, keyClient } from '../../support/api-keys';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import {
  type Actors,
  allowed,
  attempt,
  createActors,
  createBoard,
  createComment,
  createPost,
  expectAccess,
  idOf,
  refused,
} from '../../support/world';

type Mail = { to: string; subject: string };
let pb: TestPocketBase;
let actors: Actors;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let board: RecordModel;
let membersBoard: RecordModel;
let staffBoard: RecordModel;
let planned: RecordModel;
const SCOPES: KeyScope[] = ['read', 'member', 'staff'];
const keys = {} as Record<KeyScope, CreatedKey>;
const clients = {} as Record<KeyScope, PocketBase>;

beforeAll(async () => {
  mail = await startMailCatcher({ smtpPort: await freePort(), webPort: undefined });
  pb = await startTestPocketBase({ smtpPort: mail.smtpPort, appUrl: 'http://chorus.test' });
  actors = await createActors(pb);
  [board, membersBoard, staffBoard] = await Promise.all([
    createBoard(pb, 'public'),
    createBoard(pb, 'members'),
    createBoard(pb, 'staff'),
  ]);
  planned = await pb.admin.collection('statuses').getFirstListItem('slug = "planned"');
  for (const scope of SCOPES) {
    keys[scope] = await createApiKey(actors.admin, scope, { name: `Matrix ${scope}` });
    clients[scope] = keyClient(pb.url, keys[scope].token);
  }
}, 60_000);
afterAll(async () => {
  await pb?.stop();
  await mail?.close();
});

/** What the request answered when it failed: { status, message }. */
async function failure(action: Promise<unknown>): Promise<{ status: number; message: string; data: unknown }> {
  try {
    await action;
  } catch (error) {
    const e = error as { status: number; response: { message: string; data: unknown } };
    return { status: e.status, message: e.response?.message ?? '', data: e.response?.data };
  }
  throw new Error('the request succeeded');
}

const send = (client: PocketBase, path: string, body?: unknown) =>
  client.send(path, body === undefined ? { method: 'GET' } : { method: 'POST', body });
const revoke = (client: PocketBase, id: string) => send(client, `/api/chorus/api-keys/${id}/revoke`, {});

/** Runs `run` with each scope's key and asserts which scopes were allowed (refusals as in `attempt`). */
async function expectScopes(
  run: (client: PocketBase, self: string, scope: KeyScope) => Promise<unknown>,
  expected: Record<KeyScope, boolean>,
  message: string,
) {
  const outcome = {} as Record<KeyScope, boolean>;
  for (const scope of SCOPES) outcome[scope] = await attempt(() => run(clients[scope], keys[scope].user, scope));
  expect(outcome, message).toEqual(expected);
}
const scopes = (...allowedScopes: KeyScope[]) =>
  Object.fromEntries(SCOPES.map((s) => [s, allowedScopes.includes(s)])) as Record<KeyScope, boolean>;

describe('API keys: who manages them', () => {
  it('only an active admin member lists, views and creates keys; the collection takes no direct write', async () => {
    const id = keys.read.id;
    await expectAccess(async (actor) => {
      const list = await actors[actor].collection('api_keys').getFullList();
      if (!list.some((k) => k.id === id)) throw refused('not listed');
      if (list.some((k) => 'token_hash' in k)) throw new Error('the hash was listed');
    }, allowed('admin'));
    await expectAccess((actor) => actors[actor].collection('api_keys').getOne(id), allowed('admin'));
    await expectAccess(
      (actor) => createApiKey(actors[actor], 'read', { name: `by ${actor}` }).then((k) => revoke(actors.admin, k.id)),
      allowed('admin'),
    );
    const fields = { name: 'Direct', scope: 'staff', token_hash: 'x'.repeat(64) };
    await expectAccess((actor) => actors[actor].collection('api_keys').create(fields), allowed());
    await expectAccess((actor) => actors[actor].collection('api_keys').update(id, { scope: 'staff' }), allowed());
    await expectAccess((actor) => actors[actor].collection('api_keys').delete(id), allowed());
    for (const scope of SCOPES) {
      expect(await attempt(() => clients[scope].collection('api_keys').getFullList()), scope).toBe(true);
      expect(await clients[scope].collection('api_keys').getFullList(), scope).toEqual([]);
      expect(await attempt(() => clients[scope].collection('api_keys').getOne(id)), scope).toBe(false);
    }
    expect((await pb.admin.collection('api_keys').getOne(id)).scope).toBe('read');
  });

  it('refuses a superuser creating a key, and a key creating one, in words that say who may', async () => {
    const superuser = await failure(createApiKey(pb.admin, 'staff'));
    expect(superuser).toMatchObject({ status: 403, message: expect.stringMatching(/admin signed in/) });
    for (const scope of SCOPES) {
      const byKey = await failure(createApiKey(clients[scope], 'staff', { name: 'Escalation' }));
      expect(byKey.status, scope).toBe(403);
    }
    const made = await pb.admin.collection('api_keys').getFullList({ filter: 'name = "Escalation"' });
    expect(made).toEqual([]);
  });

  it('only an active admin (or a superuser) revokes a key; a key revokes none, not even itself', async () => {
    const victim = await createApiKey(actors.admin, 'member', { name: 'Revoke target' });
    const victimClient = keyClient(pb.url, victim.token);
    for (const actor of ['visitor', 'member', 'blocked member', 'moderator', 'blocked admin'] as const) {
      expect(await attempt(() => revoke(actors[actor], victim.id)), actor).toBe(false);
    }
    for (const scope of SCOPES) expect(await attempt(() => revoke(clients[scope], victim.id)), scope).toBe(false);
    expect(await attempt(() => revoke(victimClient, victim.id))).toBe(false);
    expect((await send(victimClient, '/api/chorus/api-keys/self')) as { name: string }).toMatchObject({
      name: 'Revoke target',
    });
    expect(await attempt(() => revoke(actors.admin, 'nosuchkey000000'))).toBe(false);
    expect(await revoke(actors.admin, victim.id)).toMatchObject({ revoked_at: expect.stringMatching(/^\d{4}-/) });
    const other = await createApiKey(actors.admin, 'read', { name: 'Revoked by the operator' });
    expect(await attempt(() => revoke(pb.admin, other.id))).toBe(true);
    expect(await attempt(() => send(keyClient(pb.url, other.token), '/api/chorus/api-keys/self'))).toBe(false);
  });

  it('answers /self only to a key, never with its hash or creator id', async () => {
    await expectAccess((actor) => send(actors[actor], '/api/chorus/api-keys/self'), allowed());
    expect(await attempt(() => send(pb.admin, '/api/chorus/api-keys/self'))).toBe(false);
    for (const scope of SCOPES) {
      const self = (await send(clients[scope], '/api/chorus/api-keys/self')) as Record<string, unknown>;
      expect(self).toMatchObject({ id: keys[scope].id, scope, name: `Matrix ${scope}`, rate_limit: 600 });
      expect(self).not.toHaveProperty('token_hash');
      expect(self).not.toHaveProperty('created_by');
      expect(self).not.toHaveProperty('token');
    }
    const refusal = await failure(send(actors.member, '/api/chorus/api-keys/self'));
    expect(refusal).toMatchObject({ status: 401, message: expect.stringMatching(/Authorization: Bearer/) });
  });

  it('tells staff which listed members are keys, and no one else', async () => {
    const ids = [keys.read.user, keys.staff.user, idOf(actors.member), 'not-an-id', `${keys.member.user}"`].join(',');
    const path = `/api/chorus/api-keys/members?ids=${encodeURIComponent(ids)}`;
    await expectAccess((actor) => send(actors[actor], path), allowed('moderator', 'admin'));
    const { items } = (await send(actors.moderator, path)) as { items: Record<string, unknown>[] };
    expect(items.map((i) => i.user).sort()).toEqual([keys.read.user, keys.staff.user].sort());
    expect(items.find((i) => i.user === keys.read.user)).toEqual({
      user: keys.read.user,
      key: keys.read.id,
      name: 'Matrix read',
      scope: 'read',
      revoked: false,
    });
    expect(await attempt(() => send(clients.read, path))).toBe(false);
    expect(await attempt(() => send(clients.member, path))).toBe(false);
    const many = Array.from({ length: 500 }, (_, i) => String(i).padStart(15, 'a')).join(',');
    expect(await send(actors.admin, `/api/chorus/api-keys/members?ids=${many}`)).toEqual({ items: [] });
  });

  it('refuses bad settings field by field and keeps a hostile name as plain text', async () => {
    const bad: [string, Record<string, unknown>][] = [
      ['name', { name: '' }],
      ['name', { name: '   \u200b ' }],
      ['name', { name: 'x'.repeat(81) }],
      ['name', { name: { $gt: '' } }],
      ['scope', { scope: 'admin' }],
      ['scope', { scope: 'toString' }],
      ['rate_limit', { rate_limit: 0 }],
      ['rate_limit', { rate_limit: -5 }],
      ['rate_limit', { rate_limit: 100_001 }],
      ['rate_limit', { rate_limit: 1e12 }],
      ['rate_limit', { rate_limit: 2.5 }],
      ['rate_limit', { rate_limit: 'lots' }],
      ['expires_at', { expires_at: '2001-01-01' }],
      ['expires_at', { expires_at: new Date(Date.now() - 60_000).toISOString() }],
      ['expires_at', { expires_at: 'tomorrow' }],
      ['expires_at', { expires_at: new Date(Date.now() + 11 * 365 * 86_400_000).toISOString() }],
      ['expires_at', { expires_at: 12345 }],
    ];
    for (const [field, body] of bad) {
      const answer = await failure(
        send(actors.admin, '/api/chorus/api-keys', { name: 'Bad input', scope: 'read', ...body }),
      );
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.data as object), JSON.stringify(body)).toEqual([field]);
    }
    // Every refused field at once, each with its own message: a form shows them all beside their fields.
    const several = await failure(send(actors.admin, '/api/chorus/api-keys', { name: ' ', scope: '', rate_limit: 0 }));
    expect(several.status).toBe(400);
    expect(Object.keys(several.data as object).sort()).toEqual(['name', 'rate_limit', 'scope']);
    const german = await failure(
      actors.admin.send('/api/chorus/api-keys', {
        method: 'POST',
        body: { name: 'Bad', scope: 'read', rate_limit: 0 },
        headers: { 'Accept-Language': 'de' },
      }),
    );
    expect(german.message).toMatch(/Anfragen pro Minute/);
    expect(await pb.admin.collection('api_keys').getFullList({ filter: 'name = "Bad input"' })).toEqual([]);

    const hostile = await createApiKey(actors.admin, 'read', { name: '  <img src=x onerror=alert(1)>\n"; DROP  ' });
    expect(hostile.name).toBe('<img src=x onerror=alert(1)> "; DROP');
    await revoke(actors.admin, hostile.id);
  });
});

describe('API keys: what each scope may do', () => {
  let post: RecordModel;
  let internal: RecordModel;
  beforeAll(async () => {
    post = await createPost(pb, board, actors.member, { title: 'Scoped idea' });
    internal = await createComment(pb, post, actors.moderator, { internal: true, body: 'Staff only' });
    const company = await pb.admin
      .collection('companies')
      .create({ external_id: 'acme', name: 'Acme', monthly_revenue: 900 });
    await pb.admin.collection('member_profiles').create({ user: idOf(actors.member), company: company.id });
  });

  it('reads public, members and staff boards as its scope allows', async () => {
    for (const [target, expected] of [
      [board, scopes('read', 'member', 'staff')],
      [membersBoard, scopes('read', 'member', 'staff')],
      [staffBoard, scopes('staff')],
    ] as const) {
      const idea = await createPost(pb, target, actors.admin, { title: `On ${target.visibility}` });
      await expectScopes((client) => client.collection('posts').getOne(idea.id), expected, target.visibility);
      await expectScopes(
        async (client) => {
          const list = await client.collection('posts').getFullList({ filter: `board = "${target.id}"` });
          if (!list.some((p) => p.id === idea.id)) throw refused('not listed');
        },
        expected,
        `${target.visibility} list`,
      );
    }
  });

  it('sees an internal comment, revenue and companies only with the staff scope, and no one’s email', async () => {
    await expectScopes((client) => client.collection('comments').getOne(internal.id), scopes('staff'), 'internal');
    await expectScopes(
      async (client) => {
        const insight = await client.collection('post_insights').getFirstListItem(`post = "${post.id}"`);
        if (typeof insight.revenue !== 'number') throw refused('no revenue');
      },
      scopes('staff'),
      'revenue',
    );
    await expectScopes((client) => client.collection('companies').getFirstListItem(''), scopes('staff'), 'companies');
    for (const scope of SCOPES) {
      const person = await clients[scope].collection('users').getOne(idOf(actors.member));
      expect(person.email ?? '', scope).toBe('');
      const listed = await clients[scope].collection('users').getFullList();
      expect(
        listed.filter((u) => u.id !== keys[scope].user).every((u) => !u.email),
        scope,
      ).toBe(true);
    }
  });

  it('writes as its scope allows: ideas and votes for member and staff, statuses for staff, settings for none', async () => {
    await expectScopes(
      (client, self) =>
        client.collection('posts').create({ board: board.id, author: self, title: 'By a key', body: 'b' }),
      scopes('member', 'staff'),
      'create idea',
    );
    await expectScopes(
      (client, self) => client.collection('votes').create({ post: post.id, user: self }),
      scopes('member', 'staff'),
      'vote',
    );
    await expectScopes(
      (client, self) => client.collection('comments').create({ post: post.id, author: self, body: 'From a script' }),
      scopes('member', 'staff'),
      'comment',
    );
    await expectScopes(
      (client) => client.collection('posts').update(post.id, { status: planned.id }),
      scopes('staff'),
      'change status',
    );
    const site = await pb.admin.collection('site').getFirstListItem('');
    await expectScopes(
      (client) => client.collection('site').update(site.id, { name: 'Owned by a key' }),
      scopes(),
      'site settings',
    );
    await expectScopes(
      (client) => client.collection('boards').create({ name: 'Key board', slug: `key-${Date.now()}` }),
      scopes(),
      'boards',
    );
    await expectScopes(
      (client) => client.collection('users').update(idOf(actors.member), { role: 'admin' }),
      scopes(),
      'roles',
    );
    // PocketBase's rules refuse a read key's record writes; Chorus's routes say why.
    const readOnly = await failure(send(clients.read, `/api/chorus/posts/${post.id}/merge`, { into: post.id }));
    expect(readOnly).toMatchObject({ status: 403, message: expect.stringMatching(/can only read/) });
    expect((await pb.admin.collection('site').getOne(site.id)).name).not.toBe('Owned by a key');
  });

  it('cannot change its own service member: role, block, email or password', async () => {
    for (const scope of SCOPES) {
      const self = keys[scope].user;
      for (const change of [{ role: 'admin' }, { blocked: false }, { email: 'me@example.com' }, { verified: false }]) {
        expect(await attempt(() => clients[scope].collection('users').update(self, change)), scope).toBe(false);
      }
    }
    const member = await pb.admin.collection('users').getOne(keys.read.user);
    expect(member).toMatchObject({ role: 'member', blocked: true });
    const byAdmin = await failure(actors.admin.collection('users').update(keys.member.user, { role: 'admin' }));
    expect(byAdmin.message).toMatch(/service account/);
  });
});

describe('API keys: expiry, revocation, limits and forgeries', () => {
  it('stops working once its expiry passes', async () => {
    const soon = new Date(Date.now() + 12_000).toISOString();
    const key = await createApiKey(actors.admin, 'member', { name: 'Short-lived', expires_at: soon });
    const client = keyClient(pb.url, key.token);
    expect(await attempt(() => client.collection('posts').getList(1, 1, { filter: `board = "${membersBoard.id}"` })));
    const idea = await createPost(pb, membersBoard, actors.admin);
    expect(await attempt(() => client.collection('posts').getOne(idea.id))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, Date.parse(soon) - Date.now() + 1500));
    expect(await attempt(() => client.collection('posts').getOne(idea.id))).toBe(false);
    expect((await failure(send(client, '/api/chorus/api-keys/self'))).status).toBe(401);
    expect(await attempt(() => client.collection('votes').create({ post: idea.id, user: key.user }))).toBe(false);
  }, 30_000);

  it('is refused from the very next request once revoked, realtime included', async () => {
    const key = await createApiKey(actors.admin, 'staff', { name: 'Revoked at once' });
    const client = keyClient(pb.url, key.token);
    const idea = await createPost(pb, staffBoard, actors.admin);
    expect(await attempt(() => client.collection('posts').getOne(idea.id))).toBe(true);
    await revoke(actors.admin, key.id);
    expect(await attempt(() => client.collection('posts').getOne(idea.id))).toBe(false);
    expect(await attempt(() => client.collection('posts').update(idea.id, { status: planned.id }))).toBe(false);
    expect(await attempt(() => client.collection('users').authRefresh())).toBe(false);
    const again = await revoke(actors.admin, key.id);
    expect(again).toMatchObject({ id: key.id });
  });

  it('revokes the keys of an admin who is demoted, and of one who is blocked', async () => {
    for (const change of [{ role: 'member' }, { blocked: true }]) {
      const creator = await pb.actor('admin');
      const key = await createApiKey(creator, 'staff', { name: `Creator ${JSON.stringify(change)}` });
      const client = keyClient(pb.url, key.token);
      expect(await attempt(() => send(client, '/api/chorus/api-keys/self'))).toBe(true);
      await pb.admin.collection('users').update(idOf(creator), change);
      expect(await attempt(() => send(client, '/api/chorus/api-keys/self'))).toBe(false);
      expect((await pb.admin.collection('api_keys').getOne(key.id)).revoked_at).not.toBe('');
    }
  });

  it('answers 429 past its own minute limit, on records and on Chorus routes, in words that say so', async () => {
    const key = await createApiKey(actors.admin, 'staff', { rate_limit: 3, name: 'Tight' });
    const client = keyClient(pb.url, key.token);
    const idea = await createPost(pb, board, actors.member);
    // The limit counts per clock minute: start well inside one, so the five requests share it.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
    for (let i = 0; i < 3; i += 1) await client.collection('boards').getList(1, 1);
    const records = await failure(client.collection('boards').getList(1, 1));
    const route = await failure(send(client, '/api/chorus/api-keys/self'));
    const guarded = await failure(send(client, `/api/chorus/posts/${idea.id}/merge`, { into: idea.id }));
    for (const answer of [records, route, guarded]) {
      expect(answer.status).toBe(429);
      expect(answer.message).toMatch(/more requests this minute than its limit/);
    }
    for (const path of ['/api/chorus/api-keys/self', '/api/collections/boards/records']) {
      const raw = await fetch(`${pb.url}${path}`, { headers: { Authorization: `Bearer ${key.token}` } });
      expect(raw.status, path).toBe(429);
      expect(Number(raw.headers.get('retry-after')), path).toBeGreaterThan(0);
    }
    // Another key and people are not slowed by it.
    expect(await attempt(() => clients.staff.collection('boards').getList(1, 1))).toBe(true);
    expect(await attempt(() => actors.moderator.collection('boards').getList(1, 1))).toBe(true);
  }, 30_000);

  it('refuses a forged or altered key', async () => {
    const [head = '', payload = '', signature = ''] = keys.member.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const asAdmin = { ...claims, id: idOf(actors.admin) };
    const altered = `${head}.${Buffer.from(JSON.stringify(asAdmin)).toString('base64url')}.${signature}`;
    const flipped = `${head}.${payload}.${signature.slice(0, -2)}${signature.endsWith('A') ? 'B' : 'A'}A`;
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const idea = await createPost(pb, membersBoard, actors.admin);
    for (const token of [altered, flipped, unsigned, 'not-a-key', `${keys.member.token}x`]) {
      const client = keyClient(pb.url, token);
      expect(await attempt(() => send(client, '/api/chorus/api-keys/self')), token).toBe(false);
      expect(await attempt(() => client.collection('posts').getOne(idea.id)), token).toBe(false);
      expect(
        await attempt(() =>
          client
            .collection('api_keys')
            .getFullList()
            .then((l) => l.length || Promise.reject(refused('none'))),
        ),
      ).toBe(false);
    }
  });
});

describe('API keys: the audit log', () => {
  it('names a staff key and its creator for a status change, via api_key:<id>', async () => {
    const idea = await createPost(pb, board, actors.member, { title: 'Audited by a key' });
    await clients.staff.collection('posts').update(idea.id, { status: planned.id, response: 'Scheduled by a script' });
    const [entry] = await actors.admin.collection('audit_entries').getFullList({
      filter: `action = "post.status" && target_id = "${idea.id}"`,
    });
    const admin = actors.admin.authStore.record as RecordModel;
    expect(entry).toMatchObject({
      actor: keys.staff.user,
      actor_name: `Matrix staff (API key of ${admin.name})`,
      via: `api_key:${keys.staff.id}`,
    });
    const lifecycle = await actors.admin.collection('audit_entries').getFullList({
      filter: `target_id = "${keys.read.id}"`,
    });
    expect(lifecycle.map((e) => e.action)).toContain('api_key.create');
    expect(JSON.stringify(lifecycle)).not.toContain(keys.read.token);
  });
});

describe('API keys: never in an address, never mentioned, never emailed', () => {
  it('refuses a request whose address carries a key, whatever the parameter, and lets other tokens pass', async () => {
    const idea = await createPost(pb, board, actors.member);
    const token = keys.read.token;
    for (const query of [
      `token=${token}`,
      `key=${encodeURIComponent(`Bearer ${token}`)}`,
      `filter=${encodeURIComponent(`id != "${token}"`)}`,
      `a=1&access_token=${token}`,
      `token=harmless&token=${token}`,
    ]) {
      for (const path of [
        `/api/collections/posts/records?${query}`,
        `/api/collections/posts/records/${idea.id}?${query}`,
        `/api/chorus/api-keys/self?${query}`,
      ]) {
        const answer = await fetch(`${pb.url}${path}`, { headers: { 'Accept-Language': 'fr' } });
        expect(answer.status, path).toBe(400);
        expect(((await answer.json()) as { message: string }).message, path).toMatch(/Authorization: Bearer/);
      }
    }
    const english = await fetch(`${pb.url}/api/collections/posts/records?token=${token}`);
    expect(((await english.json()) as { message: string }).message).toMatch(/never in the address/);
    const create = await fetch(`${pb.url}/api/collections/votes/records?token=${keys.member.token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${keys.member.token}` },
      body: JSON.stringify({ post: idea.id, user: keys.member.user }),
    });
    expect(create.status).toBe(400);
    // A person's own token in an address is not a key (PocketBase ignores it there); nor is a look-alike.
    const personal = actors.member.authStore.token;
    expect((await fetch(`${pb.url}/api/collections/posts/records?token=${personal}`)).status).toBe(200);
    const fake = `eyJhbGciOiJIUzI1NiJ9.${Buffer.from('{"id":"abc","type":"auth"}').toString('base64url')}.${'x'.repeat(43)}`;
    expect((await fetch(`${pb.url}/api/collections/posts/records?token=${fake}`)).status).toBe(200);
    expect((await fetch(`${pb.url}/api/collections/posts/records?token=eyJ%ZZ`)).status).toBe(200);
  });

  it('never suggests or notifies a key’s service member in a mention', async () => {
    const idea = await createPost(pb, board, actors.member, { title: 'Mentions' });
    const member = keys.member.user;
    const { items } = await actors.moderator.send<{ items: { id: string }[] }>(
      `/api/chorus/posts/${idea.id}/mentionable?q=${encodeURIComponent('Matrix')}`,
      {},
    );
    expect(items.map((i) => i.id)).not.toContain(member);
    const comment = await actors.moderator
      .collection('comments')
      .create({ post: idea.id, author: idOf(actors.moderator), body: `@[Matrix member](user:${member}) look` });
    const notified = await pb.admin
      .collection('notifications')
      .getFullList({ filter: `comment = "${comment.id}" && user = "${member}"` });
    expect(notified).toEqual([]);
  });

  it('never emails a key’s service member, whatever it opted into; people still get their email', async () => {
    const idea = await createPost(pb, board, actors.member, { title: 'Emails to keys' });
    const follower = await pb.actor('member');
    const followerEmail = follower.authStore.record?.email as string;
    for (const [client, id] of [
      [clients.member, keys.member.user],
      [clients.staff, keys.staff.user],
      [follower, idOf(follower)],
    ] as const) {
      await send(client, '/api/chorus/preferences', { status_emails: 'instant', comment_emails: 'instant' });
      await client.collection('subscriptions').create({ post: idea.id, user: id });
    }
    await actors.moderator.collection('posts').update(idea.id, { status: planned.id, response: 'Planned' });
    await mail.waitFor((m: Mail) => m.to.includes(followerEmail));
    const service = await pb.admin.collection('users').getOne(keys.member.user);
    await pb.visitor().collection('users').requestPasswordReset(service.email);
    await pb.visitor().collection('users').requestPasswordReset(followerEmail);
    await mail.waitFor((m: Mail) => m.to.includes(followerEmail) && /reset|password/i.test(m.subject));
    const toKeys = (mail.messages as Mail[]).filter((m) => /@api-keys\.invalid/i.test(m.to));
    expect(toKeys).toEqual([]);
    const notifications = await pb.admin
      .collection('notifications')
      .getFullList({ filter: `post = "${idea.id}" && user = "${keys.member.user}"` });
    expect(notifications.length).toBeGreaterThan(0);
  });
});
