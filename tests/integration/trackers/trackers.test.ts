// GitHub Issues and Linear, both ways (issue #26): staff create or link issues from ideas, tracker events move
// the linked ideas with an official response that notifies voters, a comment goes back with the votes and
// revenue waiting; events are verified with each tracker's own signature, deduplicated by delivery id, and a
// tracker that is down blocks nothing. Against a real PocketBase and local GitHub and Linear servers.

import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSiteProof } from '../../../src/lib/site-proof';
import { createApiKey, keyClient } from '../../support/api-keys';
import { deliverGitHubEvent, startGitHubServer } from '../../support/github-server';
import { deliverLinearEvent, issueWebhook, LINEAR_STATES, startLinearServer } from '../../support/linear-server';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { startTrackerIngress } from '../../support/tracker-ingress';
import {
  type Actor,
  type Actors,
  allowed,
  createActors,
  createBoard,
  createPost,
  expectAccess,
  idOf,
} from '../../support/world';

const GITHUB_TOKEN = 'github_pat_11AAAAAAA0test0token';
const LINEAR_KEY = 'lin_api_test0key0000000000000000';
const TEAM_ID = '5b0c1f7e-0000-4000-8000-0000000000e1';
const SECRET = 'whsec-test-github-0123456789';
const LINEAR_SECRET = 'lin_wh_test_0123456789abcdef';

let pb: TestPocketBase;
let actors: Actors;
let github: Awaited<ReturnType<typeof startGitHubServer>>;
let linear: Awaited<ReturnType<typeof startLinearServer>>;
let ingress: Awaited<ReturnType<typeof startTrackerIngress>>;
let board: RecordModel;
let statuses: Record<string, RecordModel>;
let repo: RecordModel;
let team: RecordModel;

const post = (fields: Record<string, unknown> = {}) =>
  createPost(pb, board, actors.member, { title: `Idea ${Math.random().toString(36).slice(2, 8)}`, ...fields });
const createIssue = (client: PocketBase, connection: string, postId: string) =>
  client.send(`/api/chorus/trackers/${connection}/issues`, { method: 'POST', body: { post: postId } });
const linkIssue = (client: PocketBase, connection: string, postId: string, issue: string) =>
  client.send(`/api/chorus/trackers/${connection}/links`, { method: 'POST', body: { post: postId, issue } });
const setCredentials = (id: string, body: Record<string, string>) =>
  actors.admin.send(`/api/chorus/trackers/${id}/credentials`, { method: 'POST', body });
const statusOf = async (id: string) => (await pb.admin.collection('posts').getOne(id)).status;
const eventsOf = (connection: string) =>
  pb.admin
    .collection('tracker_events')
    .getFullList({ filter: pb.admin.filter('connection = {:c}', { c: connection }) });

beforeAll(async () => {
  github = await startGitHubServer({ token: GITHUB_TOKEN, repository: 'acme/app' });
  linear = await startLinearServer({ apiKey: LINEAR_KEY, teamId: TEAM_ID, teamKey: 'ENG' });
  pb = await startTestPocketBase({
    appUrl: 'https://feedback.example.com',
    env: {
      CHORUS_GITHUB_API_URL: github.url,
      CHORUS_LINEAR_API_URL: linear.url,
      CHORUS_WEBHOOK_RETRY_SECONDS: '0.3',
    },
  });
  ingress = await startTrackerIngress(pb.url, pb.proxySecret);
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
  statuses = Object.fromEntries((await pb.admin.collection('statuses').getFullList()).map((s) => [s.slug, s]));
  repo = await actors.admin.collection('tracker_connections').create({
    provider: 'github',
    name: 'App repository',
    repository: 'acme/app',
    active: true,
    comment_back: true,
    state_map: {
      'closed:completed': statuses.done?.id,
      'closed:not_planned': statuses.declined?.id,
      open: statuses.planned?.id,
    },
  });
  team = await actors.admin.collection('tracker_connections').create({
    provider: 'linear',
    name: 'Engineering',
    team_id: TEAM_ID,
    team_key: 'ENG',
    active: true,
  });
  await setCredentials(repo.id, { token: GITHUB_TOKEN, webhook_secret: SECRET });
  await setCredentials(team.id, { token: LINEAR_KEY, webhook_secret: LINEAR_SECRET });
}, 60_000);

afterAll(async () => {
  await ingress?.close();
  await pb?.stop();
  await github?.close();
  await linear?.close();
});

describe('connections', () => {
  it('an admin pastes the token once; a GitHub connection gets a webhook secret shown once', async () => {
    const made = await actors.admin.collection('tracker_connections').create({
      provider: 'github',
      name: 'Secret shown once',
      repository: 'acme/other',
      active: false,
    });
    expect(made.webhook_secret).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(made.token).toBeUndefined();
    await setCredentials(made.id, { token: GITHUB_TOKEN });
    expect((await actors.admin.collection('tracker_connections').getOne(made.id)).webhook_secret).toBeUndefined();
    const stored = await pb.admin.collection('tracker_connections').getOne(made.id);
    expect(stored).toMatchObject({
      token: GITHUB_TOKEN,
      webhook_secret: made.webhook_secret,
      created_by: idOf(actors.admin),
    });
    await expect(setCredentials(made.id, { token: 'two words' })).rejects.toMatchObject({ status: 400 });
    await expect(setCredentials(made.id, { token: 'x'.repeat(501) })).rejects.toMatchObject({ status: 400 });
    await expectAccess(
      (actor) =>
        actors[actor].send(`/api/chorus/trackers/${made.id}/credentials`, { method: 'POST', body: { token: 'abc' } }),
      allowed('admin'),
    );
    await expect(
      actors.admin
        .collection('tracker_connections')
        .create({ provider: 'github', name: 'Bad', repository: 'not a repo' }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      actors.admin.collection('tracker_connections').create({ provider: 'jira', name: 'Jira' }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('keep the token and the webhook secret where only PocketBase reads them', async () => {
    for (const client of [actors.admin, actors.moderator]) {
      const seen = await client.collection('tracker_connections').getOne(repo.id);
      expect(seen.token).toBeUndefined();
      expect(seen.webhook_secret).toBeUndefined();
      expect(seen.repository).toBe('acme/app');
    }
    await expectAccess(
      (actor) => actors[actor].collection('tracker_connections').getOne(repo.id),
      allowed('moderator', 'admin'),
    );
    await expectAccess(
      (actor) => actors[actor].collection('tracker_connections').update(repo.id, { name: `App repository` }),
      allowed('admin'),
    );
  });

  it("admins read a tracker's states to map them; GitHub's are fixed, Linear's come from the team", async () => {
    const githubStates = await actors.admin.send(`/api/chorus/trackers/${repo.id}/states`, {});
    expect(githubStates.states.map((s: { key: string }) => s.key)).toEqual([
      'open',
      'closed:completed',
      'closed:not_planned',
    ]);
    const linearStates = await actors.admin.send(`/api/chorus/trackers/${team.id}/states`, {});
    expect(linearStates.states).toEqual(LINEAR_STATES.map((s) => ({ key: s.id, name: s.name })));
    expect((await pb.admin.collection('tracker_connections').getOne(team.id)).states).toEqual(linearStates.states);
    await expectAccess((actor) => actors[actor].send(`/api/chorus/trackers/${team.id}/states`, {}), allowed('admin'));
  });

  it('a wrong token is told apart from a tracker that is down', async () => {
    const wrong = await pb.admin.collection('tracker_connections').create({
      provider: 'github',
      name: 'Wrong token',
      repository: 'acme/app',
      token: 'not-the-token',
      active: true,
    });
    await expect(actors.admin.send(`/api/chorus/trackers/${wrong.id}/states`, {})).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining("refused the connection's token"),
    });
    github.setDown(true);
    await expect(actors.admin.send(`/api/chorus/trackers/${repo.id}/states`, {})).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining('did not answer'),
    });
    github.setDown(false);
  });
});

describe('staff create and link issues from ideas', () => {
  it('creates a GitHub issue with the idea, a link back, and comments the votes and revenue waiting', async () => {
    const idea = await post({ title: 'Export to CSV', body: 'We need **CSV** exports.' });
    const globex = await pb.admin
      .collection('companies')
      .create({ external_id: 'globex', name: 'Globex', monthly_revenue: 1200 });
    await pb.admin.collection('member_profiles').create({ user: idOf(actors['other member']), company: globex.id });
    await actors['other member'].collection('votes').create({ post: idea.id, user: idOf(actors['other member']) });
    const link = await createIssue(actors.moderator, repo.id, idea.id);
    expect(link).toMatchObject({
      post: idea.id,
      issue_key: '#1',
      state: 'open',
      url: 'https://github.com/acme/app/issues/1',
    });
    const created = github.calls.find((c) => c.method === 'POST' && c.path === '/repos/acme/app/issues');
    expect(created?.body).toMatchObject({ title: 'Export to CSV' });
    expect((created?.body as { body?: string } | undefined)?.body).toContain(
      `https://feedback.example.com/p/${idea.id}`,
    );
    await expect
      .poll(() => github.calls.find((c) => c.path === '/repos/acme/app/issues/1/comments')?.body, { timeout: 10_000 })
      .toMatchObject({
        body: `**1 vote** on Chorus for “Export to CSV”, from customers worth 1,200 a month (1 companies): https://feedback.example.com/p/${idea.id}`,
      });
    const [entry] = await pb.admin.collection('audit_entries').getFullList({ filter: `action = 'tracker.link'` });
    expect(entry).toMatchObject({ target_id: idea.id, actor: idOf(actors.moderator) });
  });

  it('links existing issues by number, address or key; several ideas may share one issue', async () => {
    const existing = github.createIssue('Dark mode');
    const [a, b] = [await post(), await post()];
    expect(await linkIssue(actors.admin, repo.id, a.id, `#${existing.number}`)).toMatchObject({ title: 'Dark mode' });
    expect(
      await linkIssue(actors.admin, repo.id, b.id, `https://github.com/acme/app/issues/${existing.number}`),
    ).toMatchObject({
      issue_key: `#${existing.number}`,
    });
    await expect(linkIssue(actors.admin, repo.id, a.id, String(existing.number))).rejects.toMatchObject({
      status: 400,
      message: 'This idea is already linked to that issue.',
    });
    const ticket = linear.createIssue('Offline sync');
    expect(await linkIssue(actors.admin, team.id, a.id, ticket.identifier)).toMatchObject({
      issue_key: ticket.identifier,
    });
  });

  it.each([
    ['an unknown issue', '#999', 404],
    ['another repository', 'https://github.com/other/app/issues/1', 400],
    ['text that is no reference', 'the login bug', 400],
    ['filter syntax', `1" || id != "`, 400],
    ['a reference too long to be one', `#${'1'.repeat(400)}`, 400],
    ['nothing', '', 400],
  ])('refuses %s with a clear message', async (_label, reference, status) => {
    const idea = await post();
    await expect(linkIssue(actors.admin, repo.id, idea.id, reference)).rejects.toMatchObject({ status });
  });

  it('only staff and staff keys create, link and unlink; members, visitors and read or member keys cannot', async () => {
    const existing = github.createIssue('Matrix');
    const run = async (client: PocketBase) => {
      const idea = await post();
      const link = await linkIssue(client, repo.id, idea.id, `#${existing.number}`);
      await client.send(`/api/chorus/trackers/links/${link.id}`, { method: 'DELETE' });
    };
    await expectAccess((actor: Actor) => run(actors[actor]), allowed('moderator', 'admin'));
    const outcomes: Record<string, boolean> = {};
    for (const scope of ['read', 'member', 'staff'] as const) {
      const key = await createApiKey(actors.admin, scope);
      outcomes[scope] = await run(keyClient(pb.url, key.token)).then(
        () => true,
        () => false,
      );
    }
    expect(outcomes).toEqual({ read: false, member: false, staff: true });
  });

  it('refuses a switched-off connection and an idea that does not exist', async () => {
    const off = await pb.admin.collection('tracker_connections').create({
      provider: 'github',
      name: 'Off',
      repository: 'acme/app',
      token: GITHUB_TOKEN,
      active: false,
    });
    const idea = await post();
    await expect(createIssue(actors.admin, off.id, idea.id)).rejects.toMatchObject({ status: 400 });
    await expect(createIssue(actors.admin, repo.id, 'nosuchidea00000')).rejects.toMatchObject({ status: 404 });
    await expect(createIssue(actors.admin, 'nosuchconnectio', idea.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe('tracker events move the linked ideas', () => {
  it('a closed GitHub issue makes its ideas Done with an official response that notifies the voters', async () => {
    const idea = await post({ status: statuses.planned?.id });
    await actors['other member'].collection('votes').create({ post: idea.id, user: idOf(actors['other member']) });
    const link = await createIssue(actors.moderator, repo.id, idea.id);
    const number = Number(String(link.issue_key).slice(1));
    const delivered = await deliverGitHubEvent(
      ingress.addressOf('github', repo.id),
      SECRET,
      github.change(number, 'closed'),
    );
    expect(delivered).toMatchObject({ status: 200, body: { received: true, duplicate: false } });
    await expect.poll(() => statusOf(idea.id), { timeout: 10_000 }).toBe(statuses.done?.id);
    const changed = await pb.admin.collection('posts').getOne(idea.id);
    expect(changed.response).toBe(`GitHub (acme/app) issue #${number} is now Closed as completed.`);
    const note = await pb.admin
      .collection('notifications')
      .getFirstListItem(pb.admin.filter('user = {:u} && post = {:p}', { u: idOf(actors['other member']), p: idea.id }));
    expect(note.kind).toBe('status');
    const entry = await pb.admin
      .collection('audit_entries')
      .getFirstListItem(pb.admin.filter("action = 'post.status' && target_id = {:id}", { id: idea.id }));
    expect(entry).toMatchObject({ actor_name: 'GitHub (acme/app)', via: `tracker:${repo.id}`, actor: '' });
    expect((await pb.admin.collection('tracker_links').getOne(link.id)).state).toBe('closed:completed');

    // Reopened: the mapped "open" state brings the idea back to Planned.
    await deliverGitHubEvent(ingress.addressOf('github', repo.id), SECRET, github.change(number, 'reopened'));
    await expect.poll(() => statusOf(idea.id), { timeout: 10_000 }).toBe(statuses.planned?.id);
  });

  it('a replayed delivery changes nothing, and a forged one is refused and stored nowhere', async () => {
    const idea = await post({ status: statuses.planned?.id });
    const link = await createIssue(actors.moderator, repo.id, idea.id);
    const number = Number(String(link.issue_key).slice(1));
    const event = github.change(number, 'closed', 'not_planned');
    const address = ingress.addressOf('github', repo.id);
    const first = await deliverGitHubEvent(address, SECRET, event);
    await expect.poll(() => statusOf(idea.id), { timeout: 10_000 }).toBe(statuses.declined?.id);
    // Staff move it on by hand; the same delivery arriving again must not undo that.
    await actors.moderator.collection('posts').update(idea.id, { status: statuses.planned?.id });
    const replay = await deliverGitHubEvent(address, SECRET, event, { deliveryId: first.deliveryId });
    expect(replay).toMatchObject({ status: 200, body: { duplicate: true } });
    const before = (await eventsOf(repo.id)).length;
    const forged = await deliverGitHubEvent(address, 'a-guessed-secret', github.change(number, 'closed'));
    expect(forged.status).toBe(401);
    const unsigned = await deliverGitHubEvent(address, SECRET, event, { signature: 'sha256=00' });
    expect(unsigned.status).toBe(401);
    await new Promise((r) => setTimeout(r, 500));
    expect(await statusOf(idea.id)).toBe(statuses.planned?.id);
    expect((await eventsOf(repo.id)).length).toBe(before);
  });

  it('a Linear issue linked to two ideas moves to In Progress and both follow; a stale or replayed event changes nothing', async () => {
    const inProgress = LINEAR_STATES.find((s) => s.name === 'In Progress')?.id as string;
    await actors.admin
      .collection('tracker_connections')
      .update(team.id, { state_map: { [inProgress]: statuses['in-progress']?.id } });
    const [a, b] = [await post({ status: statuses.planned?.id }), await post({ status: statuses.planned?.id })];
    const link = await createIssue(actors.moderator, team.id, a.id);
    await linkIssue(actors.moderator, team.id, b.id, link.issue_key);
    const address = ingress.addressOf('linear', team.id);
    const moved = linear.move(link.issue_key, 'In Progress');
    const sent = await deliverLinearEvent(address, LINEAR_SECRET, moved);
    expect(sent.status).toBe(200);
    await expect.poll(() => statusOf(a.id), { timeout: 10_000 }).toBe(statuses['in-progress']?.id);
    await expect.poll(() => statusOf(b.id), { timeout: 10_000 }).toBe(statuses['in-progress']?.id);
    expect((await pb.admin.collection('posts').getOne(b.id)).response).toBe(
      `Linear (ENG) issue ${link.issue_key} is now In Progress.`,
    );

    await actors.moderator.collection('posts').update(a.id, { status: statuses.planned?.id });
    expect(
      (await deliverLinearEvent(address, LINEAR_SECRET, moved, { deliveryId: sent.deliveryId })).body,
    ).toMatchObject({
      duplicate: true,
    });
    const issue = linear.issues.get((moved.data as { id: string }).id);
    const stale = { ...issueWebhook(issue as never, linear.team, {}), webhookTimestamp: Date.now() - 5 * 60_000 };
    expect((await deliverLinearEvent(address, LINEAR_SECRET, stale)).status).toBe(401);
    expect((await deliverLinearEvent(address, 'wrong', linear.move(link.issue_key, 'Done'))).status).toBe(401);
    await new Promise((r) => setTimeout(r, 500));
    expect(await statusOf(a.id)).toBe(statuses.planned?.id);
  });

  it('events for other repositories, unlinked issues and other kinds are recorded as ignored', async () => {
    const issue = github.createIssue('Nobody linked me');
    await deliverGitHubEvent(ingress.addressOf('github', repo.id), SECRET, github.change(issue.number, 'closed'));
    await deliverGitHubEvent(ingress.addressOf('github', repo.id), SECRET, {
      event: 'ping',
      payload: { zen: 'Keep it simple.' },
    });
    await expect
      .poll(async () => (await eventsOf(repo.id)).filter((e) => e.status === 'ignored').map((e) => e.error), {
        timeout: 10_000,
      })
      .toEqual(
        expect.arrayContaining(['no idea is linked to this issue', 'not a change of an issue of this connection']),
      );
  });

  it('an older change that arrives after a newer one (a redelivery, a retry) does not undo it, on GitHub or Linear', async () => {
    const idea = await post({ status: statuses.planned?.id });
    const link = await createIssue(actors.moderator, repo.id, idea.id);
    const number = Number(String(link.issue_key).slice(1));
    const seconds = (n: number) => new Date(Date.now() + n * 1000);
    const closed = github.change(number, 'closed', 'completed', seconds(2));
    const reopenedLater = github.change(number, 'reopened', 'completed', seconds(4));
    const address = ingress.addressOf('github', repo.id);
    await deliverGitHubEvent(address, SECRET, reopenedLater);
    await deliverGitHubEvent(address, SECRET, closed);
    const outcome = async (issueAt: string) =>
      (await eventsOf(repo.id)).find(
        (e) => (e.payload as any)?.issue?.updated_at === issueAt && e.status !== 'pending',
      );
    await expect
      .poll(() => outcome((closed.payload as any).issue.updated_at), { timeout: 10_000 })
      .toMatchObject({ status: 'ignored', error: 'older than a change already applied' });
    expect(await statusOf(idea.id)).toBe(statuses.planned?.id);
    expect((await pb.admin.collection('tracker_links').getOne(link.id)).state).toBe('open');
    // A change at the same second goes through: GitHub's clock has no finer grain, so arrival order decides.
    await deliverGitHubEvent(address, SECRET, github.change(number, 'closed', 'completed', seconds(4)));
    await expect.poll(() => statusOf(idea.id), { timeout: 10_000 }).toBe(statuses.done?.id);

    const inProgress = LINEAR_STATES.find((s) => s.name === 'In Progress')?.id as string;
    const done = LINEAR_STATES.find((s) => s.name === 'Done')?.id as string;
    await actors.admin
      .collection('tracker_connections')
      .update(team.id, { state_map: { [inProgress]: statuses['in-progress']?.id, [done]: statuses.done?.id } });
    const other = await post({ status: statuses.planned?.id });
    const issue = await createIssue(actors.moderator, team.id, other.id);
    const started = linear.move(issue.issue_key, 'In Progress', seconds(1));
    const finished = linear.move(issue.issue_key, 'Done', seconds(3));
    await deliverLinearEvent(ingress.addressOf('linear', team.id), LINEAR_SECRET, finished);
    await expect.poll(() => statusOf(other.id), { timeout: 10_000 }).toBe(statuses.done?.id);
    await deliverLinearEvent(ingress.addressOf('linear', team.id), LINEAR_SECRET, started);
    await expect
      .poll(async () => (await eventsOf(team.id)).filter((e) => e.error === 'older than a change already applied'), {
        timeout: 10_000,
      })
      .toHaveLength(1);
    expect(await statusOf(other.id)).toBe(statuses.done?.id);
  });
});

describe('the public address refuses what is not a tracker event', () => {
  it('unknown or switched-off connections look the same (404); an oversized body is refused (413)', async () => {
    const event = github.change(github.createIssue('x').number, 'closed');
    expect((await deliverGitHubEvent(ingress.addressOf('github', 'abcdefghijklmno'), SECRET, event)).status).toBe(404);
    expect((await deliverGitHubEvent(ingress.addressOf('linear', repo.id), SECRET, event)).status).toBe(404);
    expect((await deliverGitHubEvent(ingress.addressOf('jira', repo.id), SECRET, event)).status).toBe(404);
    const huge = { event: 'issues', payload: { action: 'edited', padding: 'x'.repeat(600 * 1024) } };
    expect((await deliverGitHubEvent(ingress.addressOf('github', repo.id), SECRET, huge)).status).toBe(413);
  });

  it("PocketBase's Worker-only routes refuse anyone without the site's proof, and a proof for another purpose", async () => {
    for (const client of [actors.visitor, actors.admin]) {
      await expect(client.send('/api/chorus/trackers/secret', { method: 'POST', body: {} })).rejects.toMatchObject({
        status: 401,
      });
    }
    const passkeyProof = await signSiteProof(pb.proxySecret, 'passkeys', {
      act: 'secret',
      connection: repo.id,
      provider: 'github',
    });
    await expect(
      actors.visitor.send('/api/chorus/trackers/secret', { method: 'POST', body: { proof: passkeyProof } }),
    ).rejects.toMatchObject({ status: 401 });
    const forgedKey = await signSiteProof('not-the-secret', 'trackers', {
      act: 'secret',
      connection: repo.id,
      provider: 'github',
    });
    await expect(
      actors.visitor.send('/api/chorus/trackers/secret', { method: 'POST', body: { proof: forgedKey } }),
    ).rejects.toMatchObject({
      status: 401,
    });
    // A valid proof binds the exact payload: another payload under it is refused.
    const proof = await signSiteProof(pb.proxySecret, 'trackers', {
      act: 'event',
      connection: repo.id,
      provider: 'github',
      deliveryId: 'x',
      event: 'issues.closed',
      digest: '0'.repeat(64),
    });
    await expect(
      actors.visitor.send('/api/chorus/trackers/events', {
        method: 'POST',
        body: { proof, payload: '{"action":"closed"}' },
      }),
    ).rejects.toMatchObject({ status: 401 });
  });
});

describe('a tracker that is down', () => {
  it('never blocks a status change, refuses a new issue clearly, and the comment back retries until it is up', async () => {
    const existing = github.createIssue('Retry me');
    github.setDown(true);
    const idea = await post();
    await expect(createIssue(actors.admin, repo.id, idea.id)).rejects.toMatchObject({ status: 502 });
    await actors.moderator.collection('posts').update(idea.id, { status: statuses.planned?.id });
    expect(await statusOf(idea.id)).toBe(statuses.planned?.id);
    // GitHub answers the lookup but is down for comments: the link is made, the comment queued and retried.
    github.setDown(true, '/comments');
    await linkIssue(actors.admin, repo.id, idea.id, `#${existing.number}`);
    await expect
      .poll(
        async () =>
          (await eventsOf(repo.id)).find((e) => e.direction === 'out' && e.attempts > 0 && e.status === 'pending'),
        {
          timeout: 10_000,
        },
      )
      .toBeTruthy();
    github.setDown(false);
    await pb.admin.crons.run('chorus_webhooks');
    await expect
      .poll(
        () =>
          github.calls.some(
            (c) => c.path === `/repos/acme/app/issues/${existing.number}/comments` && c.method === 'POST',
          ),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
  });
});
