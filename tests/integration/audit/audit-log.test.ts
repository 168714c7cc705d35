// The staff audit log (issue #25, item 3): every staff and admin action family leaves one entry with its
// action, actor, before and after and client address; members' own edits leave none; no client (superusers
// included) writes an entry; retention removes old ones; admins export it as CSV, safely.

import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressOf, startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import {
  type Actors,
  allowed,
  createActors,
  createBoard,
  createPost,
  expectAccess,
  idOf,
  refused,
} from '../../support/world';

let pb: TestPocketBase;
let actors: Actors;
let board: RecordModel;
let planned: RecordModel;
let open: RecordModel;

beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
  planned = await pb.admin.collection('statuses').getFirstListItem('slug = "planned"');
  open = await pb.admin.collection('statuses').getFirstListItem('slug = "open"');
}, 60_000);
afterAll(() => pb?.stop());

type Entry = RecordModel & {
  action: string;
  actor: string;
  actor_name: string;
  actor_role: string;
  via: string;
  target_collection: string;
  target_id: string;
  target_label: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string;
};

/** Every entry about a target, oldest first. */
const entriesOf = (targetId: string) =>
  pb.admin
    .collection('audit_entries')
    .getFullList<Entry>({ filter: pb.admin.filter('target_id = {:id}', { id: targetId }), sort: 'created,id' });
const entriesBy = (action: string) =>
  pb.admin
    .collection('audit_entries')
    .getFullList<Entry>({ filter: pb.admin.filter('action = {:action}', { action }), sort: 'created,id' });

/** The one entry a single action left on a target, with who made it and from where. */
async function onlyEntry(targetId: string, by: PocketBase): Promise<Entry> {
  const entries = await entriesOf(targetId);
  expect(entries.map((e) => e.action)).toHaveLength(1);
  const [entry] = entries as [Entry];
  expect(entry.actor).toBe(idOf(by));
  expect(entry.ip).toBe(addressOf(by));
  expect(entry.via).toBe('site');
  return entry;
}

describe('no client writes an entry; admins read', () => {
  let entry: Entry;
  beforeAll(async () => {
    const tag = await actors.admin.collection('tags').create({ name: `t${Date.now()}`, color: '#123456' });
    [entry] = (await entriesOf(tag.id)) as [Entry];
  });
  const fields = { action: 'post.status', actor_name: 'Forged', target_id: 'x' };

  it('list: admins only', async () => {
    await expectAccess(async (actor) => {
      const list = await actors[actor].collection('audit_entries').getList(1, 50);
      // PocketBase answers a list its rule refuses with an empty page.
      if (!list.items.some((e) => e.id === entry.id)) throw refused('the entry was not in the list');
    }, allowed('admin'));
  });
  it('view: admins only', async () => {
    await expectAccess((actor) => actors[actor].collection('audit_entries').getOne(entry.id), allowed('admin'));
  });
  it('create, update, delete: nobody', async () => {
    await expectAccess((actor) => actors[actor].collection('audit_entries').create(fields), allowed());
    await expectAccess((actor) => actors[actor].collection('audit_entries').update(entry.id, fields), allowed());
    await expectAccess((actor) => actors[actor].collection('audit_entries').delete(entry.id), allowed());
  });
  it('not even a superuser: create, update, delete, batch, truncate or delete the collection', async () => {
    await expect(pb.admin.collection('audit_entries').create(fields)).rejects.toMatchObject({ status: 403 });
    await expect(pb.admin.collection('audit_entries').update(entry.id, fields)).rejects.toMatchObject({ status: 403 });
    await expect(pb.admin.collection('audit_entries').delete(entry.id)).rejects.toMatchObject({ status: 403 });
    const batch = pb.admin.createBatch();
    batch.collection('audit_entries').delete(entry.id);
    // Refused whether batches are off (403, the default) or on (400, the hook refuses the item).
    expect([400, 403]).toContain((await batch.send().catch((error) => error)).status);
    await expect(pb.admin.collections.truncate('audit_entries')).rejects.toMatchObject({ status: 400 });
    await expect(pb.admin.collections.delete('audit_entries')).rejects.toMatchObject({ status: 403 });
    const still = await pb.admin.collection('audit_entries').getOne<Entry>(entry.id);
    expect(still).toMatchObject({ action: 'tag.create', actor: idOf(actors.admin) });
  });
  it('the refusal is in the request language', async () => {
    const error = await pb.admin
      .collection('audit_entries')
      .create(fields, { headers: { 'accept-language': 'de' } })
      .catch((e) => e);
    expect(error.response.message).toContain('Prüfprotokoll');
  });
});

describe('ideas: status, response, pin, lock, hide, approve, tags, edit, delete, merge', () => {
  it('a moderator changing a status and response leaves one entry with the names before and after', async () => {
    const post = await createPost(pb, board, actors.member);
    const answer = await actors.moderator
      .collection('posts')
      .update(post.id, { status: planned.id, response: 'On our list.' });
    expect(answer).not.toHaveProperty('chorus_audit'); // the mark is the server's, never answered
    const entry = await onlyEntry(post.id, actors.moderator);
    expect(entry).toMatchObject({
      action: 'post.status',
      actor_role: 'moderator',
      target_collection: 'posts',
      target_label: 'An idea',
      before: { status: open.name, response: '' },
      after: { status: planned.name, response: 'On our list.' },
    });
  });

  it('pin, lock, hide and approve are each their own action', async () => {
    const post = await createPost(pb, board, actors.member);
    const staff = actors.moderator.collection('posts');
    await staff.update(post.id, { pinned: true });
    await staff.update(post.id, { locked: true });
    await staff.update(post.id, { approved: false });
    await staff.update(post.id, { approved: true, pinned: false, locked: false });
    const entries = await entriesOf(post.id);
    const rows = entries.map((e) => [e.action, e.before, e.after]);
    expect(rows.slice(0, 3)).toEqual([
      ['post.pin', { pinned: false }, { pinned: true }],
      ['post.lock', { locked: false }, { locked: true }],
      ['post.hide', { approved: true }, { approved: false }],
    ]);
    // One write, three entries: written in the same millisecond, in no particular order.
    expect(rows.slice(3)).toHaveLength(3);
    expect(rows.slice(3)).toEqual(
      expect.arrayContaining([
        ['post.unpin', { pinned: true }, { pinned: false }],
        ['post.unlock', { locked: true }, { locked: false }],
        ['post.approve', { approved: false }, { approved: true }],
      ]),
    );
    for (const entry of entries) expect(entry.ip).toBe(addressOf(actors.moderator));
  });

  it('staff tags by name; public tags on the idea', async () => {
    const post = await createPost(pb, board, actors.member);
    const secret = await actors.admin.collection('tags').create({ name: 'triage', color: '#111111', staff_only: true });
    const open = await actors.admin.collection('tags').create({ name: 'ui', color: '#222222' });
    const row = await actors.moderator.collection('post_staff_tags').create({ post: post.id, tags: [secret.id] });
    await actors.moderator.collection('post_staff_tags').update(row.id, { tags: [] });
    await actors.moderator.collection('posts').update(post.id, { tags: [open.id] });
    const entries = await entriesOf(post.id);
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['post.staff_tags', null, { tags: ['triage'] }],
      ['post.staff_tags', { tags: ['triage'] }, { tags: [] }],
      ['post.tags', { tags: [] }, { tags: ['ui'] }],
    ]);
  });

  it("a member editing their own idea is no staff action; a moderator editing someone else's is", async () => {
    const post = await createPost(pb, board, actors.member);
    await actors.member.collection('posts').update(post.id, { title: 'My better title' });
    expect(await entriesOf(post.id)).toEqual([]);
    await actors.moderator.collection('posts').update(post.id, { title: 'A clearer title' });
    const entry = await onlyEntry(post.id, actors.moderator);
    expect(entry).toMatchObject({
      action: 'post.edit',
      before: { title: 'My better title' },
      after: { title: 'A clearer title' },
    });
  });

  it("deleting: one's own idea leaves nothing, staff deleting another's leaves its title and author", async () => {
    const own = await createPost(pb, board, actors.member);
    await actors.member.collection('posts').delete(own.id);
    expect(await entriesOf(own.id)).toEqual([]);
    const post = await createPost(pb, board, actors.member, { title: 'Spam' });
    await actors.moderator.collection('posts').delete(post.id);
    const entry = await onlyEntry(post.id, actors.moderator);
    expect(entry).toMatchObject({ action: 'post.delete', after: null, target_label: 'Spam' });
    expect(entry.before).toMatchObject({ title: 'Spam', board: board.name, status: open.name });
  });

  it('a merge names the target and how many votes moved', async () => {
    const duplicate = await createPost(pb, board, actors.member, { title: 'Dark mode please' });
    const target = await createPost(pb, board, actors['other member'], { title: 'Dark mode' });
    await actors['other member'].collection('votes').create({ post: duplicate.id, user: idOf(actors['other member']) });
    await actors.moderator.send(`/api/chorus/posts/${duplicate.id}/merge`, {
      method: 'POST',
      body: { into: target.id },
    });
    const entry = await onlyEntry(duplicate.id, actors.moderator);
    expect(entry).toMatchObject({
      action: 'post.merge',
      before: { merged_into: null },
      after: { merged_into: 'Dark mode', target: target.id, votes_moved: expect.any(Number) },
    });
  });

  it('a vote on behalf names the customer, never their email', async () => {
    const post = await createPost(pb, board, actors.member);
    const email = `customer-${Date.now()}@example.com`;
    await actors.moderator.send(`/api/chorus/posts/${post.id}/vote-on-behalf`, {
      method: 'POST',
      body: { email, name: 'Cleo Customer' },
    });
    const entry = await onlyEntry(post.id, actors.moderator);
    expect(entry).toMatchObject({
      action: 'post.vote_on_behalf',
      after: { member: 'Cleo Customer', member_created: true, already_voted: false },
    });
    expect(JSON.stringify(entry)).not.toContain(email);
  });

  it('a question sent to the voters', async () => {
    const post = await createPost(pb, board, actors.member);
    await actors.moderator.send(`/api/chorus/posts/${post.id}/ask`, { method: 'POST', body: { body: 'Which plan?' } });
    const entry = await onlyEntry(post.id, actors.moderator);
    expect(entry).toMatchObject({
      action: 'post.ask',
      after: { question: 'Which plan?', sent_count: expect.any(Number) },
    });
  });

  it('priority sizing on the idea (post_insights)', async () => {
    const post = await createPost(pb, board, actors.member);
    await actors.moderator.collection('post_insights').update(post.id, { impact: 3 });
    const entry = await onlyEntry(post.id, actors.moderator);
    expect(entry).toMatchObject({ action: 'post.priority', before: { impact: 0 }, after: { impact: 3 } });
  });
});

describe('comments: hide, unhide, delete', () => {
  it('staff hiding and deleting a comment; its author deleting their own leaves nothing', async () => {
    const post = await createPost(pb, board, actors.member, { title: 'Commented' });
    const comment = await actors.member
      .collection('comments')
      .create({ post: post.id, author: idOf(actors.member), body: 'Rude words' });
    await actors.moderator.collection('comments').update(comment.id, { hidden: true });
    await actors.moderator.collection('comments').update(comment.id, { hidden: false });
    await actors.moderator.collection('comments').delete(comment.id);
    const entries = await entriesOf(comment.id);
    expect(entries.map((e) => [e.action, e.before?.hidden, e.after?.hidden])).toEqual([
      ['comment.hide', false, true],
      ['comment.unhide', true, false],
      ['comment.delete', false, undefined],
    ]);
    expect(entries[0]?.target_label).toBe('Commented: Rude words');
    expect(entries[2]?.before).toMatchObject({ body: 'Rude words' });
    const own = await actors.member
      .collection('comments')
      .create({ post: post.id, author: idOf(actors.member), body: 'Oops' });
    await actors.member.collection('comments').delete(own.id);
    expect(await entriesOf(own.id)).toEqual([]);
  });
});

describe('members: role, block, unblock', () => {
  it('an admin changing a role and blocking a member', async () => {
    const someone = await pb.actor('member');
    const id = idOf(someone);
    await actors.moderator.collection('users').update(id, { blocked: true });
    await actors.moderator.collection('users').update(id, { blocked: false });
    await actors.admin.collection('users').update(id, { role: 'moderator' });
    const entries = await entriesOf(id);
    const made = entries.filter((e) => e.via !== 'superuser');
    expect(made.map((e) => [e.action, e.actor, e.before, e.after])).toEqual([
      ['member.block', idOf(actors.moderator), { blocked: false }, { blocked: true }],
      ['member.unblock', idOf(actors.moderator), { blocked: true }, { blocked: false }],
      ['member.role', idOf(actors.admin), { role: 'member' }, { role: 'moderator' }],
    ]);
    expect(made[0]?.ip).toBe(addressOf(actors.moderator));
    expect(made[2]?.ip).toBe(addressOf(actors.admin));
  });

  it("a member's own settings are theirs; a superuser changing an email or password is recorded redacted", async () => {
    const someone = await pb.actor('member');
    const id = idOf(someone);
    const before = (await entriesOf(id)).length;
    await someone.collection('users').update(id, { name: 'New name', email_on_comment: false });
    expect(await entriesOf(id)).toHaveLength(before);
    await pb.admin
      .collection('users')
      .update(id, { password: 'another secret 123', passwordConfirm: 'another secret 123' });
    const [entry] = (await entriesOf(id)).slice(-1) as [Entry];
    expect(entry).toMatchObject({
      action: 'member.update',
      via: 'superuser',
      actor_role: 'superuser',
      actor_name: 'operator@chorus.test',
      before: { password: '[redacted]' },
      after: { password: '[redacted]' },
    });
    expect(JSON.stringify(entry)).not.toContain('another secret');
  });
});

describe('boards, statuses, tags: create, update, delete', () => {
  for (const [collection, noun, fields, change] of [
    ['boards', 'board', { name: 'Audit board', slug: `ab-${Date.now()}`, visibility: 'public' }, { name: 'Renamed' }],
    ['statuses', 'status', { name: 'Audit status', slug: `as-${Date.now()}`, color: '#000000' }, { name: 'Renamed' }],
    ['tags', 'tag', { name: 'Audit tag', color: '#000000' }, { name: 'Renamed' }],
  ] as const) {
    it(`${collection}`, async () => {
      const row = await actors.admin.collection(collection).create(fields);
      await actors.admin.collection(collection).update(row.id, change);
      await actors.admin.collection(collection).delete(row.id);
      const entries = await entriesOf(row.id);
      expect(entries.map((e) => e.action)).toEqual([`${noun}.create`, `${noun}.update`, `${noun}.delete`]);
      expect(entries[0]?.after).toMatchObject({ name: fields.name });
      expect(entries[1]).toMatchObject({ before: { name: fields.name }, after: { name: 'Renamed' } });
      expect(entries[2]?.before).toMatchObject({ name: 'Renamed' });
      for (const entry of entries) expect(entry.ip).toBe(addressOf(actors.admin));
    });
  }

  it('a write that fails leaves no entry (same transaction)', async () => {
    const slug = `dup-${Date.now()}`;
    await actors.admin.collection('boards').create({ name: 'First', slug, visibility: 'public' });
    const before = (await entriesBy('board.create')).length;
    await expect(
      actors.admin.collection('boards').create({ name: 'Second', slug, visibility: 'public' }),
    ).rejects.toMatchObject({ status: 400 });
    expect(await entriesBy('board.create')).toHaveLength(before);
  });
});

describe('settings: site, widget, SSO, webhooks (secrets never stored)', () => {
  it('site settings', async () => {
    const site = await pb.admin.collection('site').getFirstListItem('');
    await actors.admin.collection('site').update(site.id, { tagline: 'Audited', require_approval: true });
    await actors.admin.collection('site').update(site.id, { require_approval: false });
    const [entry] = (await entriesOf(site.id)).filter((e) => e.actor === idOf(actors.admin)) as [Entry];
    expect(entry).toMatchObject({
      action: 'settings.update',
      before: { tagline: site.tagline, require_approval: false },
      after: { tagline: 'Audited', require_approval: true },
      ip: addressOf(actors.admin),
    });
  });

  it('widget settings and the SSO secret (redacted)', async () => {
    const widget = await pb.admin.collection('widget_settings').getFirstListItem('');
    await actors.admin.collection('widget_settings').update(widget.id, { sso_enabled: !widget.sso_enabled });
    expect((await onlyEntry(widget.id, actors.admin)).action).toBe('widget.update');
    const sso = await actors.admin.collection('sso_secrets').getFirstListItem('');
    const secret = 'n'.repeat(20) + Date.now().toString(36).padEnd(30, 'x');
    await actors.admin.collection('sso_secrets').update(sso.id, { secret });
    const entry = await onlyEntry(sso.id, actors.admin);
    expect(entry).toMatchObject({
      action: 'sso_secret.update',
      before: { secret: '[redacted]' },
      after: { secret: '[redacted]' },
    });
    expect(JSON.stringify(entry)).not.toContain(sso.secret);
    expect(JSON.stringify(entry)).not.toContain(secret);
  });

  it('webhook endpoints: create, pause, rotate the secret, delete', async () => {
    const endpoint = await actors.admin
      .collection('webhooks')
      .create({ name: 'Receiver', url: 'https://hooks.example.com/in', kind: 'standard', events: ['idea.posted'] });
    await actors.admin.collection('webhooks').update(endpoint.id, { paused: true });
    const { secret } = await actors.admin.send(`/api/chorus/webhooks/${endpoint.id}/secret`, { method: 'POST' });
    await actors.admin.collection('webhooks').delete(endpoint.id);
    const entries = await entriesOf(endpoint.id);
    expect(entries.map((e) => e.action)).toEqual([
      'webhook.create',
      'webhook.update',
      'webhook.secret',
      'webhook.delete',
    ]);
    expect(entries[0]?.after).toMatchObject({ url: 'https://hooks.example.com/in', secret: '[redacted]' });
    expect(entries[1]).toMatchObject({ before: { paused: false }, after: { paused: true } });
    const all = JSON.stringify(entries);
    expect(all).not.toContain(secret);
    expect(all).not.toContain(endpoint.secret);
  });
});

describe('exports, imports and #24 features', () => {
  it('the ideas CSV export and a companies import', async () => {
    await actors.admin.send('/api/chorus/export/posts.csv', {});
    const [exported] = (await entriesBy('export.posts')).slice(-1) as [Entry];
    expect(exported).toMatchObject({ actor: idOf(actors.admin), ip: addressOf(actors.admin) });
    expect(exported.after?.rows).toBeGreaterThan(0);
    const csv = `id,name,plan,monthly_revenue\nacme-${Date.now()},Acme,pro,100\n`;
    await actors.admin.send('/api/chorus/companies/import', { method: 'POST', body: { csv } });
    const [imported] = (await entriesBy('companies.import')).slice(-1) as [Entry];
    expect(imported).toMatchObject({
      actor: idOf(actors.admin),
      ip: addressOf(actors.admin),
      after: { rows: 1, created: 1, updated: 0, unchanged: 0 },
    });
  });

  it('segments, custom fields, scoring and alert rules', async () => {
    const segment = await actors.admin.collection('segments').create({
      name: `Audit ${Date.now()}`,
      conditions: { match: 'all', rules: [{ field: 'attribute:tier', op: 'eq', value: 'gold' }] },
    });
    expect((await onlyEntry(segment.id, actors.admin)).action).toBe('segment.create');
    const field = await actors.admin
      .collection('custom_fields')
      .create({ board: board.id, key: `k${Date.now()}`, label: 'Audit', type: 'text', public: true });
    const fieldEntry = await onlyEntry(field.id, actors.admin);
    expect(fieldEntry).toMatchObject({ action: 'custom_field.create', target_label: 'Audit' });
    expect(fieldEntry.after).toMatchObject({ board: board.name });
    const scoring = await pb.admin.collection('scoring').getFirstListItem('');
    const formula = scoring.formula === 'rice' ? 'value_effort' : 'rice';
    await actors.admin.collection('scoring').update(scoring.id, { formula });
    expect(await onlyEntry(scoring.id, actors.admin)).toMatchObject({
      action: 'scoring.update',
      before: { formula: scoring.formula },
      after: { formula },
    });
    const rule = await actors.admin.collection('alert_rules').create({ name: 'Hot', metric: 'votes', threshold: 5 });
    expect((await onlyEntry(rule.id, actors.admin)).action).toBe('alert_rule.create');
  });
});

describe('retention', () => {
  const ageEntries = (ids: string[], days: number) => {
    const db = new DatabaseSync(join(pb.dataDir, 'data.db'));
    try {
      const old = new Date(Date.now() - days * 86_400_000).toISOString().replace('T', ' ');
      for (const id of ids) db.prepare('UPDATE audit_entries SET created = ? WHERE id = ?').run(old, id);
    } finally {
      db.close();
    }
  };

  it('the daily job removes entries older than the retention period; 0 keeps them forever', async () => {
    const site = await pb.admin.collection('site').getFirstListItem('');
    const tags: { id: string }[] = [];
    for (const name of ['old', 'older', 'recent']) {
      tags.push(await actors.admin.collection('tags').create({ name: `${name}-${Date.now()}`, color: '#333333' }));
    }
    const [old, older, recent] = await Promise.all(tags.map(async (tag) => (await entriesOf(tag.id))[0] as Entry));
    ageEntries([(old as Entry).id], 31);
    ageEntries([(older as Entry).id], 400);
    ageEntries([(recent as Entry).id], 29);
    await actors.admin.collection('site').update(site.id, { audit_retention_days: 0 });
    await pb.admin.crons.run('chorus_audit_retention');
    expect(await entriesOf(tags[1]?.id ?? '')).toHaveLength(1);
    await actors.admin.collection('site').update(site.id, { audit_retention_days: 30 });
    // PocketBase runs the job on its own goroutine and answers at once: wait for its work.
    await pb.admin.crons.run('chorus_audit_retention');
    await expect.poll(async () => (await entriesOf(tags[0]?.id ?? '')).length).toBe(0);
    await expect.poll(async () => (await entriesOf(tags[1]?.id ?? '')).length).toBe(0);
    expect(await entriesOf(tags[2]?.id ?? '')).toHaveLength(1);
    await actors.admin.collection('site').update(site.id, { audit_retention_days: 365 });
  });

  it.each([
    ['negative', -1],
    ['over ten years', 3651],
    ['a fraction', 1.5],
    ['not a number', 'forever'],
    ['empty', ''],
  ])('refuses a retention that is %s', async (_name, value) => {
    const site = await pb.admin.collection('site').getFirstListItem('');
    await expect(
      actors.admin.collection('site').update(site.id, { audit_retention_days: value }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('only admins set it', async () => {
    const site = await pb.admin.collection('site').getFirstListItem('');
    await expectAccess(
      (actor) => actors[actor].collection('site').update(site.id, { audit_retention_days: 90 }),
      allowed('admin'),
    );
    await actors.admin.collection('site').update(site.id, { audit_retention_days: 365 });
  });
});

describe('CSV export of the log', () => {
  const exportCsv = (client: PocketBase, query = '') =>
    fetch(`${pb.url}/api/chorus/audit/export.csv${query}`, {
      headers: { Authorization: client.authStore.token, ...forwardedOf(client) },
    });
  const forwardedOf = (client: PocketBase): Record<string, string> => {
    const sent = client.beforeSend?.('', { headers: {} }) as { options?: { headers?: Record<string, string> } };
    return sent?.options?.headers ?? {};
  };

  it('admins only (and superusers)', async () => {
    await expectAccess(async (actor) => {
      const response = await exportCsv(actors[actor]);
      await response.arrayBuffer();
      if (!response.ok) throw refused(`answered ${response.status}`);
    }, allowed('admin'));
    expect((await exportCsv(pb.admin)).status).toBe(200);
  });

  it('filters, guards formula cells and is itself recorded', async () => {
    const name = `=HYPERLINK("http://evil.example","x")`;
    const board = await actors.admin
      .collection('boards')
      .create({ name, slug: `evil-${Date.now()}`, visibility: 'staff' });
    const response = await exportCsv(actors.admin, `?action=board.create&target=${board.id}`);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const text = await response.text();
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'created,actor_name,actor_role,via,action,target_collection,target_id,target_label,before,after,ip,actor,id',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,board.create,boards,${board.id},"'=HYPERLINK(""http://evil.example"",""x"")",`);
    expect(lines[1]).toContain(addressOf(actors.admin));
    expect(lines[1]).toContain('""visibility"":""staff""'); // the after cell: JSON, quotes doubled
    const [recorded] = (await entriesBy('audit.export')).slice(-1) as [Entry];
    expect(recorded).toMatchObject({
      actor: idOf(actors.admin),
      ip: addressOf(actors.admin),
      after: { rows: 1, filters: { action: 'board.create', target: board.id } },
    });
  });

  it('a date range', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const inRange = await (await exportCsv(actors.admin, `?from=${today}&to=${today}&action=tag.`)).text();
    expect(inRange.trim().split('\r\n').length).toBeGreaterThan(1);
    const before = await (await exportCsv(actors.admin, '?to=2001-01-01')).text();
    expect(before.trim().split('\r\n')).toHaveLength(1);
  });
});
