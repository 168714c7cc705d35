// Signed webhooks end to end: a real receiver verifies Standard Webhooks signatures with the
// `standardwebhooks` library; failures are retried with backoff, recorded, and pause an endpoint (with
// an email to admins); the queue survives a PocketBase restart; Slack endpoints get Block Kit messages.
import PocketBase, { type RecordModel } from 'pocketbase';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDeliveries } from '../../../src/features/webhooks/webhooks-data';
import { startMailCatcher } from '../../../tools/lib/mail-catcher.mjs';
import { freePort } from '../../../tools/lib/ports.mjs';
import { startRestartablePocketBase } from '../../support/restartable-pocketbase';
import { type Received, startWebhookReceiver } from '../../support/webhook-receiver';

const APP_URL = 'http://chorus.test';
const ALL_EVENTS = [
  'idea.posted',
  'idea.approved',
  'idea.status_changed',
  'comment.posted',
  'idea.vote_milestone',
  'idea.merged',
  'release.published',
];
type Stack = Awaited<ReturnType<typeof startRestartablePocketBase>>;
let stack: Stack;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let admin: PocketBase;
let moderator: PocketBase;
let member: PocketBase;
let board: RecordModel;
let endpoint: RecordModel & { secret?: string };
let counter = 0;

async function signIn(role: string): Promise<PocketBase> {
  counter += 1;
  const email = `${role}-${counter}@chorus.test`;
  const password = 'correct horse battery';
  await stack.admin
    .collection('users')
    .create({ email, password, passwordConfirm: password, name: `${role} ${counter}`, verified: true, role });
  const client = new PocketBase(stack.url);
  client.autoCancellation(false);
  await client.collection('users').authWithPassword(email, password);
  return client;
}
const eventsAt = (path: string, type: string) => (r: Received) => r.path === path && JSON.parse(r.body).type === type;
const idOf = (client: PocketBase) => client.authStore.record?.id ?? '';
const postIdea = (title: string) =>
  member
    .collection('posts')
    .create({ board: board.id, author: idOf(member), title, body: 'Please, mail me at someone@example.com' });

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  mail = await startMailCatcher({ smtpPort: await freePort(), webPort: undefined });
  stack = await startRestartablePocketBase(
    {
      CHORUS_WEBHOOK_RETRY_SECONDS: '0.5',
      CHORUS_WEBHOOK_TIMEOUT_SECONDS: '1',
      CHORUS_WEBHOOK_MAX_ATTEMPTS: '6',
      CHORUS_WEBHOOK_PAUSE_AFTER: '3',
      CHORUS_WEBHOOK_VOTE_MILESTONES: '2',
    },
    APP_URL,
    mail.smtpPort,
  );
  [admin, moderator, member] = await Promise.all([signIn('admin'), signIn('moderator'), signIn('member')]);
  board = await stack.admin.collection('boards').create({ name: 'Ideas', slug: 'ideas', visibility: 'public' });
  endpoint = await admin
    .collection('webhooks')
    .create({ name: 'Receiver', url: receiver.url('/hook'), kind: 'standard', events: ALL_EVENTS });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
  await mail?.close();
});

describe('webhook endpoints', () => {
  it('shows the signing secret once, to the admin who created the endpoint', async () => {
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const again = await admin.collection('webhooks').getOne(endpoint.id);
    expect(again.secret).toBeUndefined();
    expect(again.failure_count).toBe(0);
  });

  it('refuses members and moderators, and server-owned fields from admins', async () => {
    await expect(member.collection('webhooks').getList()).resolves.toMatchObject({ totalItems: 0 });
    await expect(moderator.collection('webhooks').getList()).resolves.toMatchObject({ totalItems: 0 });
    const fields = { name: 'x', url: receiver.url('/x'), kind: 'standard', events: ['idea.posted'] };
    await expect(member.collection('webhooks').create(fields)).rejects.toMatchObject({ status: 400 });
    await expect(admin.collection('webhooks').create({ ...fields, url: 'ftp://127.0.0.1/x' })).rejects.toMatchObject({
      status: 400,
      response: { data: { url: { code: 'invalid_scheme' } } },
    });
    await expect(admin.collection('webhooks').update(endpoint.id, { url: 'file:///etc/passwd' })).rejects.toMatchObject(
      {
        status: 400,
      },
    );
    // PocketBase drops hidden fields from non-superusers' bodies: the server's own secret wins.
    const chosen = await admin.collection('webhooks').create({ ...fields, secret: 'whsec_bW9p' });
    expect(chosen.secret).toMatch(/^whsec_/);
    expect(chosen.secret).not.toBe('whsec_bW9p');
    await admin.collection('webhooks').delete(chosen.id);
    await expect(admin.collection('webhooks').update(endpoint.id, { failure_count: 99 })).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      admin
        .collection('webhook_deliveries')
        .create({ webhook: endpoint.id, event: 'x', message_id: 'm', payload: '{}', status: 'pending' }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(member.send(`/api/chorus/webhooks/${endpoint.id}/secret`, { method: 'POST' })).rejects.toMatchObject({
      status: 403,
    });
  });
});

describe('events', () => {
  it('signs a new idea per Standard Webhooks and names its public URL, never an email', async () => {
    const idea = await postIdea('Dark mode');
    const [request] = await receiver.waitFor(eventsAt('/hook', 'idea.posted'));
    const verified = new Webhook(endpoint.secret ?? '').verify(request.body, request.headers as Record<string, string>);
    expect(verified).toMatchObject({
      version: 1,
      type: 'idea.posted',
      data: { idea: { id: idea.id, title: 'Dark mode', url: `${APP_URL}/p/${idea.id}`, board: { slug: 'ideas' } } },
    });
    expect(request.headers['webhook-id']).toMatch(/^msg_/);
    expect(request.body).not.toMatch(/@/);
    expect(request.body).toContain('[email hidden]');
    expect(() =>
      new Webhook('whsec_d3JvbmcgZW5vdWdoIHNlY3JldCBrZXkhIQ==').verify(
        request.body,
        request.headers as Record<string, string>,
      ),
    ).toThrow();
  });

  it("counts the author's own vote in a new idea's vote_count, as the board shows it", async () => {
    const idea = await postIdea('Counted from the start');
    const [request] = await receiver.waitFor(
      (r) => eventsAt('/hook', 'idea.posted')(r) && JSON.parse(r.body).data.idea.id === idea.id,
    );
    const shown = await member.collection('posts').getOne(idea.id);
    expect(shown.vote_count).toBe(1);
    expect(JSON.parse(request.body).data.idea.vote_count).toBe(shown.vote_count);
  });

  it('sends public comments but never internal ones', async () => {
    const idea = await postIdea('Comments');
    const internal = await moderator
      .collection('comments')
      .create({ post: idea.id, author: idOf(moderator), body: 'Staff only', internal: true });
    const visible = await member.collection('comments').create({ post: idea.id, author: idOf(member), body: 'Me too' });
    const [request] = await receiver.waitFor(eventsAt('/hook', 'comment.posted'));
    expect(JSON.parse(request.body).data.comment).toMatchObject({
      id: visible.id,
      excerpt: 'Me too',
      url: `${APP_URL}/p/${idea.id}#comment-${visible.id}`,
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.received.some((r) => r.body.includes(internal.id) || r.body.includes('Staff only'))).toBe(false);
  });

  it('sends nothing for what the importer writes (X-Chorus-Import), and sends the next idea', async () => {
    const asImport = { headers: { 'X-Chorus-Import': '1' } };
    const imported = await stack.admin
      .collection('posts')
      .create(
        { board: board.id, author: idOf(member), title: 'Imported', body: 'From the old board', approved: true },
        asImport,
      );
    await stack.admin
      .collection('comments')
      .create({ post: imported.id, author: idOf(member), body: 'An imported comment' }, asImport);
    const next = await postIdea('After the import');
    await receiver.waitFor((r) => eventsAt('/hook', 'idea.posted')(r) && JSON.parse(r.body).data.idea.id === next.id);
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.received.some((r) => r.body.includes(imported.id))).toBe(false);
  });

  it('sends status changes with the response, approvals, vote milestones, merges and releases', async () => {
    const statuses = await stack.admin.collection('statuses').getFullList();
    const planned = statuses.find((s) => s.slug === 'planned');
    const idea = await postIdea('Roadmap me');
    await moderator
      .collection('posts')
      .update(idea.id, { status: planned?.id, response: 'Next quarter; write to pm@chorus.test.' });
    const [changed] = await receiver.waitFor(eventsAt('/hook', 'idea.status_changed'));
    expect(JSON.parse(changed.body).data).toMatchObject({
      idea: { id: idea.id, status: { slug: 'planned' } },
      from: { slug: 'open' },
      to: { slug: 'planned', name: 'Planned' },
      response: 'Next quarter; write to [email hidden].',
    });

    const queued = await stack.admin
      .collection('posts')
      .create({ board: board.id, author: idOf(member), title: 'Queued', approved: false });
    await moderator.collection('posts').update(queued.id, { approved: true });
    const [approved] = await receiver.waitFor(eventsAt('/hook', 'idea.approved'));
    expect(JSON.parse(approved.body).data.idea).toMatchObject({ id: queued.id, approved: true });

    // The author's own vote counts from the start (site.author_votes): one more vote is the second.
    expect((await stack.admin.collection('posts').getOne(idea.id)).vote_count).toBe(1);
    await moderator.collection('votes').create({ post: idea.id, user: idOf(moderator) });
    const [milestone] = await receiver.waitFor(eventsAt('/hook', 'idea.vote_milestone'));
    expect(JSON.parse(milestone.body).data).toMatchObject({ milestone: 2, idea: { id: idea.id, vote_count: 2 } });

    await moderator.send(`/api/chorus/posts/${queued.id}/merge`, { method: 'POST', body: { into: idea.id } });
    const [merged] = await receiver.waitFor(eventsAt('/hook', 'idea.merged'));
    expect(JSON.parse(merged.body).data).toMatchObject({
      idea: { id: queued.id },
      into: { id: idea.id, url: `${APP_URL}/p/${idea.id}` },
    });

    const entry = await admin.collection('changelog_entries').create({
      title: 'November',
      slug: 'november',
      body: 'New',
      labels: ['new'],
      state: 'published',
      posts: [idea.id],
    });
    const [release] = await receiver.waitFor(eventsAt('/hook', 'release.published'));
    expect(JSON.parse(release.body).data.release).toMatchObject({
      id: entry.id,
      url: `${APP_URL}/changelog/november`,
      ideas: [{ id: idea.id, url: `${APP_URL}/p/${idea.id}` }],
    });
    expect(receiver.received.filter(eventsAt('/hook', 'idea.vote_milestone'))).toHaveLength(1);
  });

  it('never sends an email address, whichever event', () => {
    const sent = receiver.received.filter((r) => r.path === '/hook');
    expect(new Set(sent.map((r) => JSON.parse(r.body).type)).size).toBe(7);
    for (const request of sent) expect(request.body).not.toMatch(/@/);
  });
});

const deliveriesOf = (webhook: RecordModel, event: string) =>
  stack.admin
    .collection('webhook_deliveries')
    .getFullList({ filter: `webhook = "${webhook.id}" && event = "${event}"` });

describe('failures', () => {
  it('retries a failing or slow receiver with backoff until it answers, recording each attempt', async () => {
    const flaky = await admin
      .collection('webhooks')
      .create({ name: 'Flaky', url: receiver.url('/flaky'), kind: 'standard', events: ['idea.posted'] });
    receiver.answer('/flaky', { status: 503 });
    await postIdea('Retry me');
    await receiver.waitFor((r) => r.path === '/flaky', 1);
    receiver.answer('/flaky', { status: 200, delayMs: 2500 }); // slower than the 1 s timeout
    await receiver.waitFor((r) => r.path === '/flaky', 2);
    receiver.answer('/flaky', { status: 204 });
    const attempts = await receiver.waitFor((r) => r.path === '/flaky', 3);
    expect(new Set(attempts.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const times = attempts.map((r) => r.at);
    const gaps = times.slice(1).map((at, i) => at - (times[i] ?? 0));
    expect(gaps[0]).toBeGreaterThanOrEqual(450); // 0.5 s after the first failure
    expect(gaps[1]).toBeGreaterThanOrEqual(1950); // the 1 s timeout, then 1 s more
    await expect.poll(async () => (await deliveriesOf(flaky, 'idea.posted'))[0]?.status).toBe('delivered');
    const [delivery] = await deliveriesOf(flaky, 'idea.posted');
    expect(delivery).toMatchObject({ attempts: 3, response_code: 204, error: '' });
    // The log keeps each attempt, not only the last: 503, then no answer (timed out), then 204.
    const page = await listDeliveries(admin, flaky.id, { page: 1, failedOnly: false });
    const log = page.items[0]?.attempt_log ?? [];
    expect(log.map((a) => a.response_code)).toEqual([503, 0, 204]);
    expect(log[1]?.error).toMatch(/deadline|timeout/i);
    expect(log[1]?.duration_ms).toBeGreaterThanOrEqual(950);
    expect(log[0]?.duration_ms).toBeLessThan(950);
    const starts = log.map((a) => Date.parse(a.attempted_at.replace(' ', 'T')));
    expect(starts).toEqual([...starts].sort((x, y) => x - y));
    // Only admins read the attempts; nobody writes them through the API.
    const one = await admin
      .collection('webhook_attempts')
      .getFirstListItem(admin.filter('delivery = {:id}', { id: delivery?.id }));
    for (const reader of [member, moderator, new PocketBase(stack.url)]) {
      expect((await reader.collection('webhook_attempts').getList(1, 10)).totalItems).toBe(0);
      await expect(reader.collection('webhook_attempts').getOne(one.id)).rejects.toMatchObject({ status: 404 });
    }
    for (const writer of [admin, member]) {
      await expect(
        writer
          .collection('webhook_attempts')
          .create({ delivery: delivery?.id, attempted_at: '2026-01-01 00:00:00Z', response_code: 200 }),
      ).rejects.toMatchObject({ status: 403 });
      await expect(writer.collection('webhook_attempts').update(one.id, { response_code: 200 })).rejects.toMatchObject({
        status: expect.any(Number),
      });
      await expect(writer.collection('webhook_attempts').delete(one.id)).rejects.toMatchObject({
        status: expect.any(Number),
      });
    }
    expect((await admin.collection('webhook_attempts').getOne(one.id)).response_code).toBe(503);
    const again = await admin.collection('webhooks').getOne(flaky.id);
    expect(again).toMatchObject({ failure_count: 0, paused: false });
    await admin.collection('webhooks').delete(flaky.id);
  }, 30_000);

  it('pauses an endpoint that keeps failing, emails the admins, and sends what waited once resumed', async () => {
    const down = await admin
      .collection('webhooks')
      .create({ name: 'Down', url: receiver.url('/down'), kind: 'standard', events: ['idea.posted'] });
    receiver.answer('/down', { status: 500 });
    await postIdea('Nobody home');
    await expect
      .poll(async () => (await admin.collection('webhooks').getOne(down.id)).paused, { timeout: 15_000 })
      .toBe(true);
    expect(receiver.received.filter((r) => r.path === '/down')).toHaveLength(3);
    const adminEmail = String(admin.authStore.record?.email);
    const notice = await mail.waitFor(
      (m: { to: string; subject: string }) => m.to.includes(adminEmail) && m.subject.includes('Down'),
    );
    expect(notice.text).toContain(`${APP_URL}/admin/webhooks`);
    expect(
      mail.messages.some(
        (m: { to: string; subject: string }) => m.subject.includes('Down') && !m.to.includes(adminEmail),
      ),
    ).toBe(false);

    await postIdea('While paused'); // a paused endpoint gets nothing new
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.received.filter((r) => r.path === '/down')).toHaveLength(3);

    receiver.answer('/down', { status: 200 });
    await admin.collection('webhooks').update(down.id, { paused: false });
    const [delivered] = await receiver.waitFor(
      (r) => r.path === '/down' && JSON.parse(r.body).data.idea.title === 'Nobody home',
      4,
    );
    expect(delivered).toBeDefined();
    await expect.poll(async () => (await deliveriesOf(down, 'idea.posted'))[0]?.status).toBe('delivered');
    expect((await admin.collection('webhooks').getOne(down.id)).failure_count).toBe(0);
    await admin.collection('webhooks').delete(down.id);
  }, 30_000);

  it('keeps the queue in the database: deliveries resume after a PocketBase restart', async () => {
    const later = await admin
      .collection('webhooks')
      .create({ name: 'Later', url: receiver.url('/later'), kind: 'standard', events: ['idea.posted'] });
    receiver.answer('/later', { status: 502 });
    await postIdea('Survives a restart');
    await receiver.waitFor((r) => r.path === '/later');
    await stack.restart();
    receiver.answer('/later', { status: 200 });
    // The next write that queues a delivery (or the next cron minute) runs the worker, which sends every due
    // row: the one queued before the restart too. (A write that queues nothing wakes nobody.)
    await postIdea('After the restart');
    const survivor = (r: { path: string; body: string }) =>
      r.path === '/later' && JSON.parse(r.body).data.idea.title === 'Survives a restart';
    // Up to the cron minute: the row may not be due yet when that write wakes the worker (its backoff grew
    // while the receiver answered 502), and then the minute's run sends it.
    const attempts = await receiver.waitFor(survivor, 2, 75_000);
    expect(new Set(attempts.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(JSON.parse(attempts[1]?.body ?? '{}').data.idea.title).toBe('Survives a restart');
    await expect.poll(async () => (await deliveriesOf(later, 'idea.posted'))[0]?.status).toBe('delivered');
    await admin.collection('webhooks').delete(later.id);
  }, 120_000);

  it('lets an admin resend a recorded delivery, with the same webhook-id', async () => {
    const first = (await deliveriesOf(endpoint, 'idea.posted'))[0] as RecordModel;
    const before = receiver.received.filter((r) => r.headers['webhook-id'] === first.message_id).length;
    await expect(
      moderator.send(`/api/chorus/webhooks/deliveries/${first.id}/resend`, { method: 'POST' }),
    ).rejects.toMatchObject({ status: 403 });
    const copy = await admin.send(`/api/chorus/webhooks/deliveries/${first.id}/resend`, { method: 'POST' });
    expect(copy).toMatchObject({ message_id: first.message_id, status: 'pending', attempts: 0 });
    await receiver.waitFor((r) => r.headers['webhook-id'] === first.message_id, before + 1);
  });
});

describe('Slack', () => {
  it('sends readable Block Kit messages: the title linked to the idea, board, status and an excerpt', async () => {
    await admin
      .collection('webhooks')
      .create({ name: 'Slack', url: receiver.url('/slack'), kind: 'slack', events: ['idea.posted'] });
    const idea = await member
      .collection('posts')
      .create({ board: board.id, author: idOf(member), title: 'Use <b>bold</b> & more', body: 'A *short* excerpt' });
    const request = (await receiver.waitFor((r) => r.path === '/slack'))[0] as Received;
    expect(request.headers['webhook-signature']).toBeUndefined();
    const message = JSON.parse(request.body);
    expect(message.text).toBe('Use <b>bold</b> & more: idea.posted');
    expect(Array.isArray(message.blocks)).toBe(true);
    expect(message.blocks.length).toBeLessThanOrEqual(50);
    for (const block of message.blocks) {
      expect(['section', 'context']).toContain(block.type);
      const texts = block.type === 'section' ? [block.text] : block.elements;
      for (const text of texts) {
        expect(text.type).toBe('mrkdwn');
        expect(text.text.length).toBeGreaterThan(0);
        expect(text.text.length).toBeLessThanOrEqual(3000);
      }
    }
    expect(message.blocks[0].text.text).toContain(`*<${APP_URL}/p/${idea.id}|Use &lt;b&gt;bold&lt;/b&gt; &amp; more>*`);
    expect(message.blocks[1].text.text).toBe('>A *short* excerpt');
    expect(message.blocks.at(-1).elements[0].text).toBe('Board: Ideas · Status: Open · 1 vote');
  });
});

// The shapes each chat documents: Discord's Execute Webhook with one embed (discord.com/developers/docs/resources/
// webhook#execute-webhook; embed limits at …/resources/message#embed-object-embed-limits), and a Teams Workflows
// webhook's message with one Adaptive Card 1.4 attachment (learn.microsoft.com/microsoftteams/platform/
// webhooks-and-connectors/how-to/add-incoming-webhook; adaptivecards.io/explorer). Checked here by a local
// receiver; docs/…/features/webhooks.md says how to check a real channel.
describe('Discord and Microsoft Teams', () => {
  const hostile = 'Dark *mode* for @everyone <b>now</b> [click](http://evil.test)';

  it('sends Discord one embed within Discord’s limits, the idea linked, members’ markdown escaped and no mention pinging', async () => {
    await admin
      .collection('webhooks')
      .create({ name: 'Discord', url: receiver.url('/discord'), kind: 'discord', events: ['idea.posted'] });
    const idea = await member
      .collection('posts')
      .create({ board: board.id, author: idOf(member), title: hostile, body: 'A _short_ excerpt' });
    const request = (await receiver.waitFor((r) => r.path === '/discord'))[0] as Received;
    expect(request.headers['webhook-signature']).toBeUndefined();
    const message = JSON.parse(request.body);
    expect(message.allowed_mentions).toEqual({ parse: [] });
    expect(message.embeds).toHaveLength(1);
    const [embed] = message.embeds;
    expect(embed.url).toBe(`${APP_URL}/p/${idea.id}`);
    expect(embed.title).toBe(hostile);
    expect(embed.title.length).toBeLessThanOrEqual(256);
    expect(embed.description.length).toBeLessThanOrEqual(4096);
    expect(embed.description).toContain('> A \\_short\\_ excerpt');
    expect(embed.fields).toEqual([
      { name: 'Board', value: 'Ideas', inline: true },
      { name: 'Status', value: 'Open', inline: true },
      { name: 'Votes', value: '1 vote', inline: true },
    ]);
    const total = [
      embed.title,
      embed.description,
      ...embed.fields.flatMap((f: { name: string; value: string }) => [f.name, f.value]),
    ].join('').length;
    expect(total).toBeLessThanOrEqual(6000);
    expect(Number.isNaN(Date.parse(embed.timestamp))).toBe(false);
  });

  it('sends Teams an Adaptive Card: the title, what happened, board, status and votes, and a button to the idea', async () => {
    await admin
      .collection('webhooks')
      .create({ name: 'Teams', url: receiver.url('/teams'), kind: 'teams', events: ['idea.posted'] });
    const idea = await member
      .collection('posts')
      .create({ board: board.id, author: idOf(member), title: hostile, body: 'An excerpt' });
    const request = (await receiver.waitFor((r) => r.path === '/teams'))[0] as Received;
    expect(request.headers['webhook-signature']).toBeUndefined();
    const message = JSON.parse(request.body);
    expect(message.type).toBe('message');
    expect(message.attachments).toHaveLength(1);
    const [attachment] = message.attachments;
    expect(attachment.contentType).toBe('application/vnd.microsoft.card.adaptive');
    const card = attachment.content;
    expect(card).toMatchObject({ type: 'AdaptiveCard', version: '1.4' });
    expect(card.$schema).toBe('http://adaptivecards.io/schemas/adaptive-card.json');
    for (const block of card.body) {
      expect(['TextBlock', 'FactSet']).toContain(block.type);
      if (block.type === 'TextBlock') expect(block.text.length).toBeGreaterThan(0);
    }
    expect(card.body[0]).toMatchObject({ type: 'TextBlock', weight: 'Bolder', wrap: true });
    expect(card.body[0].text).toBe('Dark \\*mode\\* for @everyone <b>now</b> \\[click\\]\\(http://evil.test\\)');
    expect(card.body.at(-1).facts).toEqual([
      { title: 'Board', value: 'Ideas' },
      { title: 'Status', value: 'Open' },
      { title: 'Votes', value: '1 vote' },
    ]);
    expect(card.actions).toEqual([{ type: 'Action.OpenUrl', title: 'Open the idea', url: `${APP_URL}/p/${idea.id}` }]);
  });

  it('tries a failing Discord channel again and logs each attempt', async () => {
    const down = await admin
      .collection('webhooks')
      .create({ name: 'Discord down', url: receiver.url('/discord-down'), kind: 'discord', events: ['idea.posted'] });
    receiver.answer('/discord-down', { status: 429 });
    await postIdea('Retry on Discord');
    await receiver.waitFor((r) => r.path === '/discord-down', 1);
    receiver.answer('/discord-down', { status: 204 });
    const attempts = await receiver.waitFor((r) => r.path === '/discord-down', 2);
    expect(attempts[1]?.body).toBe(attempts[0].body);
    await expect.poll(async () => (await deliveriesOf(down, 'idea.posted'))[0]?.status).toBe('delivered');
    const page = await listDeliveries(admin, down.id, { page: 1, failedOnly: false });
    expect((page.items[0]?.attempt_log ?? []).map((a) => a.response_code)).toEqual([429, 204]);
  });
});
