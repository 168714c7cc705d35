// REST hooks for Zapier, Make and n8n against a real PocketBase and a local receiver: an API key subscribes, gets
// new ideas signed, unsubscribes and gets nothing; scopes, other keys' subscriptions and hostile URLs are refused;
// a 410 unsubscribes; polling lists newest first in the hook's shape; private boards never leak; delivery latency
// and a retry are measured (printed).
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedKey, createApiKey, keyClient } from '../../support/api-keys';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { type Received, startWebhookReceiver } from '../../support/webhook-receiver';
import {
  type Actors,
  allowed,
  createActors,
  createBoard,
  createComment,
  createPost,
  expectAccess,
  idOf,
} from '../../support/world';

type Hook = { id: string; event: string; target_url: string; secret?: string; paused: boolean };
type Item = {
  id: string;
  version: number;
  type: string;
  timestamp: string;
  data: { idea?: { id: string }; [key: string]: unknown };
};

let pb: TestPocketBase;
let actors: Actors;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let board: RecordModel;
let membersBoard: RecordModel;
let staffBoard: RecordModel;
const keys = {} as Record<'read' | 'member' | 'staff' | 'other', CreatedKey>;
const clients = {} as Record<keyof typeof keys, PocketBase>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  pb = await startTestPocketBase({
    appUrl: 'http://chorus.test',
    env: { CHORUS_WEBHOOK_RETRY_SECONDS: '0.5', CHORUS_WEBHOOK_TIMEOUT_SECONDS: '2' },
  });
  actors = await createActors(pb);
  [board, membersBoard, staffBoard] = await Promise.all([
    createBoard(pb, 'public'),
    createBoard(pb, 'members'),
    createBoard(pb, 'staff'),
  ]);
  for (const [name, scope] of [
    ['read', 'read'],
    ['member', 'member'],
    ['staff', 'staff'],
    ['other', 'member'],
  ] as const) {
    keys[name] = await createApiKey(actors.admin, scope, { name: `Zapier ${name}` });
    clients[name] = keyClient(pb.url, keys[name].token);
  }
}, 60_000);
afterAll(async () => {
  await pb?.stop();
  await receiver?.close();
});

const subscribe = (client: PocketBase, event: string, target_url: string) =>
  client.send<Hook>('/api/chorus/hooks', { method: 'POST', body: { event, target_url } });
const unsubscribe = (client: PocketBase, id: string) => client.send(`/api/chorus/hooks/${id}`, { method: 'DELETE' });
const listHooks = (client: PocketBase) => client.send<{ items: Hook[] }>('/api/chorus/hooks', { method: 'GET' });
const recent = (client: PocketBase, event: string, limit = 50) =>
  client.send<Item[]>(`/api/chorus/hooks/recent?event=${event}&limit=${limit}`, { method: 'GET' });
const postIdea = (title: string, on = board) =>
  actors.member.collection('posts').create({ board: on.id, author: idOf(actors.member), title, body: 'Details' });
const about = (path: string, ideaId: string) => (r: Received) =>
  r.path === path && (JSON.parse(r.body) as Item).data.idea?.id === ideaId;
/** The status a request was refused with (fails when it succeeded). */
async function statusOf(action: Promise<unknown>): Promise<number> {
  try {
    await action;
  } catch (error) {
    return (error as { status: number }).status;
  }
  throw new Error('the request succeeded');
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

describe('subscribing', () => {
  it('delivers a new idea to a subscribed URL, signed, with the idea id as the item id (latency measured)', async () => {
    const hook = await subscribe(clients.member, 'idea.posted', receiver.url('/zap-new-idea'));
    expect(hook).toMatchObject({ event: 'idea.posted', target_url: receiver.url('/zap-new-idea'), paused: false });
    expect(hook.id).toMatch(/^[a-z0-9]{15}$/);
    expect(hook.secret).toMatch(/^whsec_/);
    // The same URL and event again is the same subscription (a platform retrying its subscribe).
    const again = await subscribe(clients.member, 'idea.posted', receiver.url('/zap-new-idea'));
    expect(again.id).toBe(hook.id);
    expect(again.secret).toBeUndefined();
    // Even five at once (the one writer's transaction asks again): one subscription.
    const atOnce = await Promise.all(
      [1, 2, 3, 4, 5].map(() => subscribe(clients.member, 'idea.approved', receiver.url('/zap-at-once'))),
    );
    expect(new Set(atOnce.map((h) => h.id)).size).toBe(1);
    expect((await listHooks(clients.member)).items.filter((h) => h.target_url.endsWith('/zap-at-once'))).toHaveLength(
      1,
    );
    await unsubscribe(clients.member, atOnce[0]?.id ?? '');

    const latencies: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = Date.now();
      const idea = await postIdea(`Latency ${i}`);
      const [request] = await receiver.waitFor(about('/zap-new-idea', idea.id));
      latencies.push(request.at - started);
      const body = new Webhook(hook.secret ?? '').verify(request.body, request.headers as Record<string, string>);
      expect(body).toMatchObject({
        id: idea.id,
        version: 1,
        type: 'idea.posted',
        data: { idea: { id: idea.id, title: `Latency ${i}`, url: `http://chorus.test/p/${idea.id}` } },
      });
    }
    console.log(
      `REST hook delivery latency, new idea → receiver (ms): ${latencies.join(', ')}; median ${median(latencies)}`,
    );
    expect(median(latencies)).toBeLessThan(5_000);
  });

  it('sends nothing to a URL once unsubscribed (another subscription still gets the idea)', async () => {
    const gone = await subscribe(clients.member, 'idea.posted', receiver.url('/zap-unsubscribed'));
    const control = await subscribe(clients.other, 'idea.posted', receiver.url('/zap-control'));
    await unsubscribe(clients.member, gone.id);
    const idea = await postIdea('After unsubscribing');
    await receiver.waitFor(about('/zap-control', idea.id));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received.filter((r) => r.path === '/zap-unsubscribed')).toHaveLength(0);
    expect((await listHooks(clients.member)).items.map((h) => h.id)).not.toContain(gone.id);
    expect(await statusOf(unsubscribe(clients.member, gone.id))).toBe(404);
    await unsubscribe(clients.other, control.id);
  });

  it('refuses a key whose scope is below the event, anyone without a key, and unknown events', async () => {
    for (const name of ['read', 'member'] as const) {
      expect(await statusOf(subscribe(clients[name], 'idea.threshold_reached', receiver.url('/zap-alerts')))).toBe(403);
      expect(await statusOf(subscribe(clients[name], 'member.deleted', receiver.url('/zap-alerts')))).toBe(403);
      expect(await statusOf(recent(clients[name], 'idea.threshold_reached'))).toBe(403);
    }
    const staff = await subscribe(clients.staff, 'idea.threshold_reached', receiver.url('/zap-alerts'));
    await unsubscribe(clients.staff, staff.id);
    // People's sessions (the eight actors, admins included) and visitors are not keys.
    await expectAccess((actor) => subscribe(actors[actor], 'idea.posted', receiver.url('/zap-people')), allowed());
    await expectAccess((actor) => listHooks(actors[actor]), allowed());
    await expectAccess((actor) => recent(actors[actor], 'idea.posted'), allowed());
    for (const client of [actors.admin, actors.member, actors.visitor]) {
      expect(await statusOf(subscribe(client, 'idea.posted', receiver.url('/zap-people')))).toBe(401);
    }
    expect(await statusOf(subscribe(clients.member, 'idea.deleted', receiver.url('/zap-x')))).toBe(400);
    expect(await statusOf(subscribe(clients.member, '', receiver.url('/zap-x')))).toBe(400);
    expect(await statusOf(recent(clients.member, 'idea.status_changed'))).toBe(400);
  });

  it('refuses hostile target URLs (private addresses, other schemes, other spellings of loopback)', async () => {
    for (const url of [
      'http://127.0.0.1:1/hook',
      'http://localhost:8090/api/collections/users/records',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/hook',
      'http://2130706433/hook',
      'http://10.0.0.8/hook',
      'http://metadata.google.internal/computeMetadata/v1/',
      'ftp://example.com/hook',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'http://user:pass@example.com/hook',
      '',
    ]) {
      const failure = await subscribe(clients.member, 'idea.posted', url).catch((error) => error);
      expect(failure?.status, url).toBe(400);
      expect(failure.response.data.target_url, url).toBeDefined();
    }
    expect((await listHooks(clients.member)).items.map((h) => h.target_url)).toEqual([receiver.url('/zap-new-idea')]);
  });

  it("keeps each key's subscriptions its own: another key neither sees nor deletes them", async () => {
    const mine = (await listHooks(clients.member)).items;
    expect(mine).toHaveLength(1);
    const [hook] = mine;
    expect((await listHooks(clients.other)).items.map((h) => h.id)).not.toContain(hook?.id);
    expect(await statusOf(unsubscribe(clients.other, hook?.id ?? ''))).toBe(404);
    expect(await statusOf(unsubscribe(clients.staff, hook?.id ?? ''))).toBe(404);
    expect((await listHooks(clients.member)).items.map((h) => h.id)).toEqual([hook?.id]);
  });

  it('lets admins pause or delete a REST hook through the collection API, never retarget or make one', async () => {
    const hook = await subscribe(clients.other, 'comment.posted', receiver.url('/zap-admin'));
    const admin = actors.admin.collection('webhooks');
    expect(await statusOf(admin.update(hook.id, { url: 'https://attacker.example/steal' }))).toBe(403);
    expect(await statusOf(admin.update(hook.id, { events: ['idea.posted', 'member.deleted'] }))).toBe(403);
    expect(await statusOf(admin.update(hook.id, { include_customer_data: true }))).toBe(403);
    expect(
      await statusOf(admin.create({ name: 'x', url: receiver.url('/x'), kind: 'rest_hook', events: ['idea.posted'] })),
    ).toBe(403);
    await expect(admin.update(hook.id, { paused: true })).resolves.toMatchObject({ paused: true });
    await admin.delete(hook.id);
    expect((await listHooks(clients.other)).items.map((h) => h.id)).not.toContain(hook.id);
  });

  it('limits each key to 20 subscriptions', async () => {
    const key = await createApiKey(actors.admin, 'read', { name: 'Many zaps' });
    const client = keyClient(pb.url, key.token);
    for (let i = 0; i < 20; i += 1) await subscribe(client, 'comment.posted', receiver.url(`/zap-many-${i}`));
    expect(await statusOf(subscribe(client, 'comment.posted', receiver.url('/zap-many-20')))).toBe(400);
    expect((await listHooks(client)).items).toHaveLength(20);
    // Revoking the key removes its subscriptions with it.
    await actors.admin.send(`/api/chorus/api-keys/${key.id}/revoke`, { method: 'POST' });
    const left = await pb.admin.collection('webhooks').getList(1, 1, { filter: `api_key = "${key.id}"` });
    expect(left.totalItems).toBe(0);
  });
});

describe('delivery', () => {
  it('unsubscribes a target that answers 410 Gone, and audits it', async () => {
    receiver.answer('/zap-gone', { status: 410 });
    const hook = await subscribe(clients.other, 'idea.posted', receiver.url('/zap-gone'));
    const idea = await postIdea('Gone');
    await receiver.waitFor(about('/zap-gone', idea.id));
    const deadline = Date.now() + 10_000;
    while ((await listHooks(clients.other)).items.some((h) => h.id === hook.id) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await listHooks(clients.other)).items.map((h) => h.id)).not.toContain(hook.id);
    const entries = await pb.admin.collection('audit_entries').getFullList({ filter: `target_id = "${hook.id}"` });
    expect(entries.map((entry) => entry.action).sort()).toEqual(['rest_hook.gone', 'rest_hook.subscribe']);
    const next = await postIdea('After gone');
    await receiver.waitFor(about('/zap-new-idea', next.id));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received.filter((r) => r.path === '/zap-gone')).toHaveLength(1);
  });

  it('retries a failed delivery with backoff and logs each attempt (retry measured)', async () => {
    receiver.answer('/zap-flaky', { status: 503 });
    const hook = await subscribe(clients.other, 'idea.posted', receiver.url('/zap-flaky'));
    const idea = await postIdea('Flaky');
    const [first] = await receiver.waitFor(about('/zap-flaky', idea.id));
    receiver.answer('/zap-flaky', { status: 200 });
    const [, second] = await receiver.waitFor(about('/zap-flaky', idea.id), 2);
    expect(second?.headers['webhook-id']).toBe(first.headers['webhook-id']);
    const [delivery] = await pb.admin
      .collection('webhook_deliveries')
      .getFullList({ filter: `webhook = "${hook.id}"`, sort: 'created' });
    // The receiver has the second attempt before PocketBase writes its log row: wait for the row.
    const attemptsLogged = () =>
      pb.admin
        .collection('webhook_attempts')
        .getFullList({ filter: `delivery = "${delivery?.id}"`, sort: 'attempted_at' });
    await expect.poll(async () => (await attemptsLogged()).map((a) => a.response_code)).toEqual([503, 200]);
    const attempts = await attemptsLogged();
    console.log(
      `REST hook retry: first attempt answered 503, retried after ${(second?.at ?? 0) - first.at} ms (base 0.5 s), delivered on attempt ${attempts.length}`,
    );
    await unsubscribe(clients.other, hook.id);
  });
});

describe('polling and private boards', () => {
  it('lists recent ideas newest first, each in the shape its hook delivered', async () => {
    const first = await postIdea('Poll one');
    const second = await postIdea('Poll two');
    const [delivered] = await receiver.waitFor(about('/zap-new-idea', second.id));
    const items = await recent(clients.member, 'idea.posted');
    const ids = items.map((item) => item.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(ids.indexOf(second.id)).toBe(0);
    const stamps = items.map((item) => item.timestamp);
    expect(stamps).toEqual([...stamps].sort().reverse());
    const hookBody = JSON.parse(delivered.body) as Item;
    expect(items[0]).toEqual({ ...hookBody, timestamp: expect.any(String) });
    expect(Object.keys(items[0] ?? {}).sort()).toEqual(['data', 'id', 'timestamp', 'type', 'version']);
    expect(await recent(clients.member, 'idea.posted', 1)).toHaveLength(1);
  });

  it('never lists or sends ideas and comments from boards the key may not see, nor internal comments', async () => {
    const readHook = await subscribe(clients.read, 'idea.posted', receiver.url('/zap-read'));
    const staffHook = await subscribe(clients.staff, 'idea.posted', receiver.url('/zap-staff'));
    const secret = await createPost(pb, staffBoard, actors.moderator, { title: 'Secret roadmap' });
    const membersOnly = await createPost(pb, membersBoard, actors.member, { title: 'Members only' });
    const unapproved = await createPost(pb, board, actors['other member'], { title: 'Awaiting', approved: false });
    const open = await createPost(pb, board, actors.member, { title: 'Open to all' });
    await receiver.waitFor(about('/zap-staff', open.id));
    await receiver.waitFor(about('/zap-read', open.id));
    await receiver.waitFor(about('/zap-staff', secret.id));
    await receiver.waitFor(about('/zap-read', membersOnly.id));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const toRead = receiver.received.filter((r) => r.path === '/zap-read').map((r) => r.body);
    expect(toRead.some((body) => body.includes(secret.id) || body.includes('Secret roadmap'))).toBe(false);
    expect(toRead.some((body) => body.includes(unapproved.id))).toBe(false);

    const readIds = (await recent(clients.read, 'idea.posted')).map((item) => item.id);
    expect(readIds).toEqual(expect.arrayContaining([open.id, membersOnly.id]));
    expect(readIds).not.toContain(secret.id);
    expect(readIds).not.toContain(unapproved.id);
    const staffIds = (await recent(clients.staff, 'idea.posted')).map((item) => item.id);
    expect(staffIds).toEqual(expect.arrayContaining([open.id, secret.id, unapproved.id]));

    const shown = await createComment(pb, open, actors.member, { body: 'Shown comment' });
    const internal = await createComment(pb, open, actors.moderator, { body: 'Internal note', internal: true });
    const onSecret = await createComment(pb, secret, actors.moderator, { body: 'On the secret idea' });
    const readComments = (await recent(clients.read, 'comment.posted')).map((item) => item.id);
    expect(readComments).toContain(shown.id);
    expect(readComments).not.toContain(internal.id);
    expect(readComments).not.toContain(onSecret.id);
    const staffComments = (await recent(clients.staff, 'comment.posted')).map((item) => item.id);
    expect(staffComments).toEqual(expect.arrayContaining([shown.id, onSecret.id]));
    expect(staffComments).not.toContain(internal.id);
    await unsubscribe(clients.read, readHook.id);
    await unsubscribe(clients.staff, staffHook.id);
  });

  it('sends a release with only the shipped ideas the key may see', async () => {
    const hook = await subscribe(clients.read, 'release.published', receiver.url('/zap-release'));
    const secret = await createPost(pb, staffBoard, actors.moderator, { title: 'Shipped in secret' });
    const open = await createPost(pb, board, actors.member, { title: 'Shipped in the open' });
    const slug = `release-${Date.now().toString(36)}`;
    const release = await pb.admin.collection('changelog_entries').create({
      title: 'A release',
      slug,
      body: 'Both shipped',
      state: 'published',
      published_at: new Date().toISOString(),
      posts: [secret.id, open.id],
    });
    const [request] = await receiver.waitFor((r) => r.path === '/zap-release');
    const body = JSON.parse(request.body) as Item;
    expect(body).toMatchObject({ id: release.id, type: 'release.published' });
    expect((body.data.release as { ideas: { id: string }[] }).ideas.map((idea) => idea.id)).toEqual([open.id]);
    expect(request.body).not.toContain('Shipped in secret');
    await unsubscribe(clients.read, hook.id);
  });

  it('answers a sample payload per event, in the hook shape', async () => {
    const [sample] = await clients.read.send<Item[]>('/api/chorus/hooks/sample?event=comment.posted', {
      method: 'GET',
    });
    expect(sample).toMatchObject({ version: 1, type: 'comment.posted', data: { idea: {}, comment: {} } });
    expect(await statusOf(clients.read.send('/api/chorus/hooks/sample?event=member.deleted', { method: 'GET' }))).toBe(
      403,
    );
  });
});

describe('actions through the existing API (what Zapier, Make and n8n actions call)', () => {
  it('a member key posts an idea, comments and votes; a staff key changes a status and votes on behalf', async () => {
    const statusHook = await subscribe(clients.staff, 'idea.status_changed', receiver.url('/zap-status'));
    const member = clients.member;
    const idea = await member
      .collection('posts')
      .create({ board: board.id, author: keys.member.user, title: 'From Zapier', body: 'Made by an automation' });
    await member.collection('comments').create({ post: idea.id, author: keys.member.user, body: 'Automated note' });
    expect(await statusOf(member.collection('votes').create({ post: idea.id, user: keys.member.user }))).toBe(400);
    const other = await createPost(pb, board, actors.member, { title: 'Vote for me' });
    await member.collection('votes').create({ post: other.id, user: keys.member.user });
    // A member key cannot act as staff, nor write as someone else.
    const planned = await pb.admin.collection('statuses').getFirstListItem('slug = "planned"');
    expect(await statusOf(member.collection('posts').update(idea.id, { status: planned.id }))).toBeGreaterThanOrEqual(
      400,
    );
    expect(
      await statusOf(
        member.collection('comments').create({ post: idea.id, author: idOf(actors.member), body: 'Impersonating' }),
      ),
    ).toBe(400);
    const staff = clients.staff;
    await staff.collection('posts').update(idea.id, { status: planned.id, response: 'On the roadmap' });
    const [changed] = await receiver.waitFor(about('/zap-status', idea.id));
    expect(JSON.parse(changed.body)).toMatchObject({
      type: 'idea.status_changed',
      data: { idea: { id: idea.id }, to: { slug: 'planned' }, response: 'On the roadmap' },
    });
    const onBehalf = await staff.send(`/api/chorus/posts/${idea.id}/vote-on-behalf`, {
      method: 'POST',
      body: { email: 'customer@example.com', name: 'A customer' },
    });
    expect(onBehalf).toMatchObject({ user_created: true, already_voted: false });
    expect(
      await statusOf(
        member.send(`/api/chorus/posts/${idea.id}/vote-on-behalf`, {
          method: 'POST',
          body: { email: 'customer2@example.com' },
        }),
      ),
    ).toBe(403);
    await unsubscribe(clients.staff, statusHook.id);
  });
});
