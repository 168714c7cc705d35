// Jira Cloud, both ways (issue #39), through the same sync engine as GitHub and Linear: an admin connects a site,
// project, account email and API token; staff create or link issues from ideas; a Jira status (or its status
// category) moves the linked ideas, and a staff status change moves the issue with one of its transitions; comments
// go back as Atlassian Document Format; events are verified by their X-Hub-Signature, deduplicated by
// X-Atlassian-Webhook-Identifier, and an older change arriving late is ignored. Against a real PocketBase and a
// local Jira speaking REST v3 as recorded from Atlassian's published description (tests/support/jira-server.ts).

import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverJiraEvent, startJiraServer } from '../../support/jira-server';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { startTrackerIngress } from '../../support/tracker-ingress';
import { type Actors, allowed, createActors, createBoard, createPost, expectAccess } from '../../support/world';

const EMAIL = 'bot@acme.example';
const TOKEN = 'ATATT3xFfGF0-jira-test-token';
const SITE = 'https://acme.atlassian.net';

let pb: TestPocketBase;
let actors: Actors;
let jira: Awaited<ReturnType<typeof startJiraServer>>;
let ingress: Awaited<ReturnType<typeof startTrackerIngress>>;
let board: RecordModel;
let statuses: Record<string, RecordModel>;
let project: RecordModel;
let secret: string;

const post = (fields: Record<string, unknown> = {}) =>
  createPost(pb, board, actors.member, { title: `Idea ${Math.random().toString(36).slice(2, 8)}`, ...fields });
const createIssue = (connection: string, postId: string) =>
  actors.moderator.send(`/api/chorus/trackers/${connection}/issues`, { method: 'POST', body: { post: postId } });
const linkIssue = (connection: string, postId: string, issue: string) =>
  actors.moderator.send(`/api/chorus/trackers/${connection}/links`, { method: 'POST', body: { post: postId, issue } });
const setCredentials = (id: string, body: Record<string, string>) =>
  actors.admin.send(`/api/chorus/trackers/${id}/credentials`, { method: 'POST', body });
const statusOf = async (id: string) => (await pb.admin.collection('posts').getOne(id)).status;
const eventsOf = (connection: string) =>
  pb.admin
    .collection('tracker_events')
    .getFullList({ filter: pb.admin.filter('connection = {:c}', { c: connection }), sort: 'created' });
const stateId = (name: string) => jira.statuses.find((s) => s.name === name)?.id as string;
const address = () => ingress.addressOf('jira', project.id);

/** What an admin does on /admin/integrations: connect, paste the credentials, fetch states, map, switch on. */
async function connect(name: string, map: (states: { key: string; name: string }[]) => Record<string, string>) {
  const made = await actors.admin.collection('tracker_connections').create({
    provider: 'jira',
    name,
    site_url: `${SITE}/`,
    project_key: 'ENG',
    active: false,
  });
  await setCredentials(made.id, { account_email: EMAIL, token: TOKEN });
  const { states } = await actors.admin.send(`/api/chorus/trackers/${made.id}/states`, {});
  const connection = await actors.admin
    .collection('tracker_connections')
    .update(made.id, { state_map: map(states), active: true, comment_back: true });
  return { connection, secret: made.webhook_secret as string, states };
}

beforeAll(async () => {
  jira = await startJiraServer({ email: EMAIL, token: TOKEN, projectKey: 'ENG', site: SITE });
  pb = await startTestPocketBase({
    appUrl: 'https://feedback.example.com',
    env: { CHORUS_JIRA_API_URL: jira.url, CHORUS_WEBHOOK_RETRY_SECONDS: '0.3' },
  });
  ingress = await startTrackerIngress(pb.url, pb.proxySecret);
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
  statuses = Object.fromEntries((await pb.admin.collection('statuses').getFullList()).map((s) => [s.slug, s]));
  const made = await connect('Engineering', () => ({
    [stateId('Closed')]: statuses.done?.id as string,
    [stateId('In Progress')]: statuses['in-progress']?.id as string,
    'category:new': statuses.planned?.id as string,
    'category:indeterminate': statuses['in-progress']?.id as string,
  }));
  project = made.connection;
  secret = made.secret;
}, 60_000);

afterAll(async () => {
  await ingress?.close();
  await pb?.stop();
  await jira?.close();
});

describe('an admin connects a Jira Cloud project', () => {
  it('with the site, project key, account email and API token; the secrets never leave PocketBase', async () => {
    expect(secret).toMatch(/^[A-Za-z0-9]{40}$/);
    const stored = await pb.admin.collection('tracker_connections').getOne(project.id);
    expect(stored).toMatchObject({
      site_url: SITE,
      project_key: 'ENG',
      account_email: EMAIL,
      token: TOKEN,
      webhook_secret: secret,
    });
    for (const client of [actors.admin, actors.moderator]) {
      const seen = await client.collection('tracker_connections').getOne(project.id);
      expect(seen).toMatchObject({ site_url: SITE, project_key: 'ENG' });
      expect(seen.token).toBeUndefined();
      expect(seen.account_email).toBeUndefined();
      expect(seen.webhook_secret).toBeUndefined();
    }
    // Basic auth as Atlassian documents it for scripts: base64 of "email:token".
    const call = jira.calls.find((c) => c.path === '/rest/api/3/project/ENG/statuses');
    expect(call).toBeTruthy();
    await expectAccess(
      (actor) =>
        actors[actor].send(`/api/chorus/trackers/${project.id}/credentials`, {
          method: 'POST',
          body: { account_email: EMAIL },
        }),
      allowed('admin'),
    );
  });

  it("reads the project's statuses once each, then its status categories as catch-alls", async () => {
    const { states } = await actors.admin.send(`/api/chorus/trackers/${project.id}/states`, {});
    expect(states).toEqual([
      ...jira.statuses.map((s) => ({ key: s.id, name: s.name })),
      { key: 'category:new', name: 'To Do', category: true },
      { key: 'category:indeterminate', name: 'In Progress', category: true },
      { key: 'category:done', name: 'Done', category: true },
    ]);
  });

  it.each([
    ['no site', { site_url: '' }, 'site_url'],
    ['a site over plain http', { site_url: 'http://acme.atlassian.net' }, 'site_url'],
    ['a site with a path', { site_url: 'https://acme.atlassian.net/jira/software' }, 'site_url'],
    ['a site that is no address', { site_url: 'acme' }, 'site_url'],
    ['no project key', { project_key: '' }, 'project_key'],
    ['a project key Jira would never make', { project_key: 'eng-1' }, 'project_key'],
  ])('refuses %s, field by field', async (_label, fields, field) => {
    const refused = actors.admin.collection('tracker_connections').create({
      provider: 'jira',
      name: 'Bad',
      site_url: SITE,
      project_key: 'ENG',
      ...fields,
    });
    await expect(refused).rejects.toMatchObject({ status: 400, response: { data: { [field]: expect.anything() } } });
  });

  it('forgets the email and token when the connection is pointed at another site', async () => {
    const moved = await actors.admin
      .collection('tracker_connections')
      .create({ provider: 'jira', name: 'Moving', site_url: SITE, project_key: 'ENG' });
    await setCredentials(moved.id, { account_email: EMAIL, token: TOKEN });
    await actors.admin.collection('tracker_connections').update(moved.id, { name: 'Renamed' });
    expect(await pb.admin.collection('tracker_connections').getOne(moved.id)).toMatchObject({ token: TOKEN });
    await actors.admin.collection('tracker_connections').update(moved.id, { site_url: 'https://evil.example' });
    expect(await pb.admin.collection('tracker_connections').getOne(moved.id)).toMatchObject({
      site_url: 'https://evil.example',
      token: '',
      account_email: '',
    });
  });

  it('refuses an email that is no address, and tells a wrong token apart from a Jira that is down', async () => {
    const other = await actors.admin
      .collection('tracker_connections')
      .create({ provider: 'jira', name: 'Wrong', site_url: SITE, project_key: 'ENG' });
    await expect(setCredentials(other.id, { account_email: 'not an email' })).rejects.toMatchObject({ status: 400 });
    await expect(setCredentials(other.id, { account_email: 'nobody' })).rejects.toMatchObject({ status: 400 });
    await setCredentials(other.id, { account_email: EMAIL, token: 'not-the-token' });
    await expect(actors.admin.send(`/api/chorus/trackers/${other.id}/states`, {})).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining("refused the connection's token"),
    });
    jira.setDown(true);
    await expect(actors.admin.send(`/api/chorus/trackers/${project.id}/states`, {})).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining('did not answer'),
    });
    jira.setDown(false);
    const audit = await pb.admin.collection('audit_entries').getFullList({
      filter: pb.admin.filter("action = 'tracker.credentials' && target_id = {:id}", { id: other.id }),
    });
    expect(JSON.stringify(audit)).not.toContain('not-the-token');
  });
});

describe('staff link ideas to Jira issues', () => {
  it('creates a new issue with the idea as Atlassian Document Format, and comments the votes back', async () => {
    const idea = await post({ title: 'Export to CSV', body: 'We need CSV exports.\n\nEvery month.' });
    const link = await createIssue(project.id, idea.id);
    const issue = jira.find(link.issue_key);
    expect(link).toMatchObject({
      post: idea.id,
      issue_id: issue?.id,
      issue_key: issue?.key,
      url: `${SITE}/browse/${issue?.key}`,
      title: 'Export to CSV',
      state: stateId('To Do'),
    });
    const created = jira.calls.find((c) => c.method === 'POST' && c.path === '/rest/api/3/issue');
    expect(created?.body).toMatchObject({
      fields: { project: { key: 'ENG' }, issuetype: { id: '3' }, summary: 'Export to CSV' },
    });
    const description = JSON.stringify((created?.body as { fields?: { description?: unknown } })?.fields?.description);
    expect(description).toContain('Every month.');
    expect(description).toContain(`"href":"https://feedback.example.com/p/${idea.id}"`);
    await expect.poll(() => issue?.comments.length, { timeout: 10_000 }).toBe(1);
    expect(JSON.stringify(issue?.comments[0])).toContain('"marks":[{"type":"strong"}]');
    expect(JSON.stringify(issue?.comments[0])).toContain('on Chorus for “Export to CSV”');
  });

  it('links an existing issue by key or address; refuses other projects, unknown issues and nonsense', async () => {
    const existing = jira.createIssue('Dark mode');
    const [a, b] = [await post(), await post()];
    expect(await linkIssue(project.id, a.id, existing.key.toLowerCase())).toMatchObject({
      issue_key: existing.key,
      title: 'Dark mode',
    });
    expect(await linkIssue(project.id, b.id, `${SITE}/browse/${existing.key}?focusedCommentId=1`)).toMatchObject({
      issue_id: existing.id,
    });
    await expect(linkIssue(project.id, a.id, existing.key)).rejects.toMatchObject({ status: 400 });
    await expect(linkIssue(project.id, a.id, 'ENG-999')).rejects.toMatchObject({ status: 404 });
    await expect(linkIssue(project.id, a.id, 'OPS-1')).rejects.toMatchObject({ status: 400 });
    await expect(linkIssue(project.id, a.id, `https://evil.example/browse/${existing.key}`)).rejects.toMatchObject({
      status: 400,
    });
    await expect(linkIssue(project.id, a.id, 'the login bug')).rejects.toMatchObject({ status: 400 });
  });
});

describe('statuses both ways', () => {
  it('a Jira status moves its ideas, with an official response; an unmapped status follows its category', async () => {
    const idea = await post({ status: statuses.planned?.id });
    const link = await createIssue(project.id, idea.id);
    const sent = await deliverJiraEvent(address(), secret, jira.move(link.issue_key, 'Closed'));
    expect(sent).toMatchObject({ status: 200, body: { received: true, duplicate: false } });
    await expect.poll(() => statusOf(idea.id), { timeout: 10_000 }).toBe(statuses.done?.id);
    expect((await pb.admin.collection('posts').getOne(idea.id)).response).toBe(
      `Jira (ENG) issue ${link.issue_key} is now Closed.`,
    );
    expect((await pb.admin.collection('tracker_links').getOne(link.id)).state).toBe(stateId('Closed'));
    // "In Review" has no mapping of its own: its category (In Progress) has.
    await deliverJiraEvent(address(), secret, jira.move(link.issue_key, 'In Review'));
    await expect.poll(() => statusOf(idea.id), { timeout: 10_000 }).toBe(statuses['in-progress']?.id);
    // The tracker's own change is never moved back to the tracker.
    expect((await eventsOf(project.id)).filter((e) => e.event === 'move')).toHaveLength(0);
  });

  it("a staff status change moves the issue with the workflow's transition; Jira's answering event changes nothing", async () => {
    const idea = await post({ status: statuses.planned?.id });
    const link = await createIssue(project.id, idea.id);
    await actors.moderator.collection('posts').update(idea.id, { status: statuses.done?.id });
    await expect.poll(() => jira.find(link.issue_key)?.status.name, { timeout: 10_000 }).toBe('Closed');
    const transition = jira.calls.find(
      (c) => c.method === 'POST' && c.path === `/rest/api/3/issue/${link.issue_id}/transitions`,
    );
    expect(transition?.body).toEqual({ transition: { id: '41' } });
    // the per-attempt log: one attempt, done
    await expect
      .poll(async () => (await eventsOf(project.id)).find((e) => e.event === 'move'), { timeout: 10_000 })
      .toMatchObject({ direction: 'out', status: 'done', attempts: 1, error: '' });
    // Jira then tells Chorus its issue moved: already Done, nothing more happens, nothing is moved back.
    await deliverJiraEvent(address(), secret, jira.move(link.issue_key, 'Closed'));
    await expect
      .poll(async () => (await eventsOf(project.id)).filter((e) => e.direction === 'in' && e.status === 'pending'), {
        timeout: 10_000,
      })
      .toHaveLength(0);
    expect((await eventsOf(project.id)).filter((e) => e.event === 'move')).toHaveLength(1);
    // A status no Jira status is mapped to (Declined; Planned only through a category) moves nothing.
    await actors.moderator.collection('posts').update(idea.id, { status: statuses.declined?.id });
    await actors.moderator.collection('posts').update(idea.id, { status: statuses.planned?.id });
    await new Promise((r) => setTimeout(r, 500));
    expect((await eventsOf(project.id)).filter((e) => e.event === 'move')).toHaveLength(1);
    expect(jira.find(link.issue_key)?.status.name).toBe('Closed');
  });

  it('a Jira that is down holds no staff change back: the move retries until it answers', async () => {
    const idea = await post({ status: statuses.planned?.id });
    const link = await createIssue(project.id, idea.id);
    jira.setDown(true, '/transitions');
    await actors.moderator.collection('posts').update(idea.id, { status: statuses['in-progress']?.id });
    expect(await statusOf(idea.id)).toBe(statuses['in-progress']?.id);
    const moveOf = async () =>
      (await eventsOf(project.id)).find((e) => e.event === 'move' && e.payload.link === link.id);
    await expect.poll(async () => (await moveOf())?.attempts, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await moveOf()).toMatchObject({ status: 'pending', error: expect.any(String) });
    jira.setDown(false);
    await expect
      .poll(
        async () => {
          await pb.admin.crons.run('chorus_webhooks');
          return jira.find(link.issue_key)?.status.name;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe('In Progress');
    await expect.poll(moveOf, { timeout: 10_000 }).toMatchObject({ status: 'done', error: '' });
  });
});

describe("Jira's webhooks", () => {
  it('a forged or unsigned event is refused and stored nowhere; a replay changes nothing', async () => {
    const idea = await post({ status: statuses.planned?.id });
    const link = await createIssue(project.id, idea.id);
    const before = (await eventsOf(project.id)).length;
    const closed = jira.move(link.issue_key, 'Closed');
    expect((await deliverJiraEvent(address(), 'a-guessed-secret', closed)).status).toBe(401);
    expect((await deliverJiraEvent(address(), secret, closed, { signature: '' })).status).toBe(401);
    expect((await deliverJiraEvent(address(), secret, closed, { signature: `sha1=${'0'.repeat(40)}` })).status).toBe(
      401,
    );
    // Signed for another body: the signature binds the exact bytes.
    const other = { ...closed, timestamp: Number(closed.timestamp) + 1 };
    const { hmacHex } = await import('../../support/tracker-server');
    const stolen = `sha256=${await hmacHex(secret, JSON.stringify(closed))}`;
    expect((await deliverJiraEvent(address(), secret, other, { signature: stolen })).status).toBe(401);
    await new Promise((r) => setTimeout(r, 500));
    expect(await statusOf(idea.id)).toBe(statuses.planned?.id);
    expect((await eventsOf(project.id)).length).toBe(before);

    const sent = await deliverJiraEvent(address(), secret, closed);
    await expect.poll(() => statusOf(idea.id), { timeout: 10_000 }).toBe(statuses.done?.id);
    await actors.moderator.collection('posts').update(idea.id, { status: statuses.planned?.id });
    const replay = await deliverJiraEvent(address(), secret, closed, { deliveryId: sent.deliveryId });
    expect(replay).toMatchObject({ status: 200, body: { duplicate: true } });
    await new Promise((r) => setTimeout(r, 500));
    expect(await statusOf(idea.id)).toBe(statuses.planned?.id);
  });

  it('an older change arriving after a newer one is ignored (the issue’s `updated`)', async () => {
    const idea = await post({ status: statuses.planned?.id });
    const link = await createIssue(project.id, idea.id);
    const later = (seconds: number) => new Date(Date.now() + seconds * 1000);
    const started = jira.move(link.issue_key, 'In Progress', later(2));
    const finished = jira.move(link.issue_key, 'Closed', later(4));
    await deliverJiraEvent(address(), secret, finished);
    await expect.poll(() => statusOf(idea.id), { timeout: 10_000 }).toBe(statuses.done?.id);
    const late = await deliverJiraEvent(address(), secret, started);
    expect(late.status).toBe(200);
    await expect
      .poll(
        async () =>
          (await eventsOf(project.id)).find((e) => e.delivery_id === late.deliveryId && e.status !== 'pending'),
        { timeout: 10_000 },
      )
      .toMatchObject({ status: 'ignored', error: 'older than a change already applied', attempts: 1 });
    expect(await statusOf(idea.id)).toBe(statuses.done?.id);
    expect((await pb.admin.collection('tracker_links').getOne(link.id)).state).toBe(stateId('Closed'));
  });

  it('comments, edits that leave the status alone, and other projects are recorded as ignored', async () => {
    const idea = await post({ status: statuses.planned?.id });
    const link = await createIssue(project.id, idea.id);
    const comment = await deliverJiraEvent(address(), secret, jira.comment(link.issue_key, 'Looks good'));
    const edited = jira.move(link.issue_key, 'To Do');
    (edited.changelog as { items: unknown[] }).items = [
      { field: 'summary', fieldtype: 'jira', fieldId: 'summary', from: null, fromString: 'a', to: null, toString: 'b' },
    ];
    const edit = await deliverJiraEvent(address(), secret, edited);
    const foreign = jira.move(link.issue_key, 'Closed');
    (foreign.issue as { fields: { project: { key: string } } }).fields.project.key = 'OPS';
    const elsewhere = await deliverJiraEvent(address(), secret, foreign);
    for (const sent of [comment, edit, elsewhere]) {
      await expect
        .poll(async () => (await eventsOf(project.id)).find((e) => e.delivery_id === sent.deliveryId)?.status, {
          timeout: 10_000,
        })
        .toBe('ignored');
    }
    expect(await statusOf(idea.id)).toBe(statuses.planned?.id);
  });
});

describe('how long it takes', () => {
  it('from "connect" to the first change synced from Jira', async () => {
    const idea = await post({ status: statuses.planned?.id });
    const started = performance.now();
    const { connection, secret: fresh } = await connect('Timed', (states) => ({
      [states.find((s) => s.name === 'Closed')?.key as string]: statuses.done?.id as string,
    }));
    const link = await createIssue(connection.id, idea.id);
    const sent = await deliverJiraEvent(
      ingress.addressOf('jira', connection.id),
      fresh,
      jira.move(link.issue_key, 'Closed'),
    );
    expect(sent.status).toBe(200);
    const delivered = performance.now();
    await expect.poll(() => statusOf(idea.id), { timeout: 10_000, interval: 10 }).toBe(statuses.done?.id);
    const synced = performance.now();
    console.log(
      `Jira: connect → first synced change ${Math.round(synced - started)} ms (event delivered → idea moved ${Math.round(synced - delivered)} ms)`,
    );
  });
});
