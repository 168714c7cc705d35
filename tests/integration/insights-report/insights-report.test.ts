// Staff insight's numbers (/api/chorus/insights-report, pb_hooks/insights-report/): a seeded set with known
// answers (ideas, votes, comments and voters per week, time to first staff response and to done, the funnel,
// duplicate and spam rates, top ideas overall and in a segment, searches that found nothing), the CSV, the
// bounds and rate limit on recorded searches, and who may read it.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
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

const DAY = 86_400_000;
type Weekly = { week: string; ideas: number; votes: number; comments: number; voters: number; misses: number };
type Report = {
  weeks: number;
  from: string;
  weekly: Weekly[];
  response: { ideas: number; answered: number; median_hours: number | null; p90_hours: number | null };
  done: { ideas: number; done: number; median_days: number | null; p90_days: number | null };
  funnel: { slug: string; ideas: number }[];
  rates: { ideas: number; merged: number; unapproved: number; duplicate_percent: number; spam_percent: number };
  top: { votes: { id: string; value: number }[]; revenue: { id: string; value: number }[] };
  segment: { id: string; name: string } | null;
  misses: { term: string; searches: number; weeks: number }[];
};

/** The Monday (UTC) `weeksAgo` weeks before this one, as YYYY-MM-DD. */
function monday(weeksAgo: number): string {
  const day = Math.floor(Date.now() / DAY);
  return new Date((day - ((day + 3) % 7) - weeksAgo * 7) * DAY).toISOString().slice(0, 10);
}
/** Tuesday 10:00 UTC of that week, plus `hours`, as PocketBase stores dates. */
function at(weeksAgo: number, hours = 0): string {
  const ms = Date.parse(`${monday(weeksAgo)}T10:00:00Z`) + DAY + hours * 3_600_000;
  return new Date(ms).toISOString().replace('T', ' ');
}

let pb: TestPocketBase;
let actors: Actors;
let db: DatabaseSync;
const ideas: Record<string, RecordModel> = {};
let segmentId = '';

const report = (query: Record<string, string> = {}, as = actors.moderator) =>
  as.send<Report>('/api/chorus/insights-report', { query });
const weekOf = (r: Report, weeksAgo: number) => r.weekly.find((w) => w.week === monday(weeksAgo));
const search = (q: string, client = pb.visitor()) =>
  client.send<{ totalItems: number }>('/api/chorus/search', { query: { q } });
/** The CSV route's text, as the staff member downloads it. */
async function csvOf(query: Record<string, string>, as = actors.admin): Promise<string> {
  const url = `${pb.url}/api/chorus/insights-report.csv?${new URLSearchParams(query)}`;
  const response = await fetch(url, { headers: { Authorization: as.authStore.token } });
  expect(response.headers.get('content-type')).toContain('text/csv');
  return response.text();
}
const sql = (text: string, ...params: (string | number)[]) => db.prepare(text).run(...params);

beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  db = new DatabaseSync(join(pb.dataDir, 'data.db'));
  db.exec('PRAGMA busy_timeout = 10000');
  const board = await createBoard(pb, 'public');
  const statuses = Object.fromEntries(
    (await pb.admin.collection('statuses').getFullList()).map((status) => [status.slug, status.id]),
  );
  const company = await pb.admin
    .collection('companies')
    .create({ external_id: 'acme', name: 'Acme', plan: 'Enterprise', monthly_revenue: 500 });
  await pb.admin.collection('member_profiles').create({ user: idOf(actors['other member']), company: company.id });
  segmentId = (
    await pb.admin.collection('segments').create({
      name: 'Enterprise',
      conditions: { match: 'all', rules: [{ field: 'plan', op: 'eq', value: 'Enterprise' }] },
    })
  ).id;
  const titles = {
    A: 'Dark mode',
    B: 'Calendar sync',
    C: 'Export reports',
    D: 'Dark theme',
    E: 'Cheap pills',
    F: 'Old wish',
  };
  for (const [key, title] of Object.entries(titles))
    ideas[key] = await createPost(pb, board, actors.member, { title, approved: key !== 'E' });
  const id = (key: string) => ideas[key]?.id ?? '';
  const created: Record<string, number> = { A: 1, B: 1, C: 2, D: 5, E: 5, F: 30 };
  for (const [key, weeksAgo] of Object.entries(created))
    sql('UPDATE posts SET created = ? WHERE id = ?', at(weeksAgo), id(key));

  // A: a member's comment after 1 h (not staff), the admin's after 2 h, a staff-internal note after 30 min (not an answer).
  const memberComment = await createComment(pb, ideas.A as RecordModel, actors.member);
  const staffComment = await createComment(pb, ideas.A as RecordModel, actors.admin);
  const note = await createComment(pb, ideas.A as RecordModel, actors.admin, { internal: true });
  sql('UPDATE comments SET created = ? WHERE id = ?', at(1, 1), memberComment.id);
  sql('UPDATE comments SET created = ? WHERE id = ?', at(1, 2), staffComment.id);
  sql('UPDATE comments SET created = ? WHERE id = ?', at(1, 0.5), note.id);
  // B: planned after 10 h, done after 3 days.
  await pb.admin.collection('posts').update(id('B'), { status: statuses.planned });
  await pb.admin.collection('posts').update(id('B'), { status: statuses.done });
  const events = await pb.admin
    .collection('status_events')
    .getFullList({ filter: `post = "${id('B')}"`, sort: 'created' });
  sql('UPDATE status_events SET created = ? WHERE id = ?', at(1, 10), events[0]?.id ?? '');
  sql('UPDATE status_events SET created = ? WHERE id = ?', at(1, 72), events[1]?.id ?? '');
  // C: an official response after 4 h.
  await pb.admin.collection('posts').update(id('C'), { response: 'Looking into it.' });
  sql('UPDATE posts SET response_at = ? WHERE id = ?', at(2, 4), id('C'));
  // D was merged into A (a duplicate); E is held unapproved (spam).
  sql('UPDATE posts SET merged_into = ? WHERE id = ?', id('A'), id('D'));

  // Votes: week 1: member on A and B, other member on A; week 2: admin on A, member on C; week 30: member on F.
  const votes: [keyof Actors, string, number][] = [
    ['member', 'A', 1],
    ['other member', 'A', 1],
    ['member', 'B', 1],
    ['admin', 'A', 2],
    ['member', 'C', 2],
    ['member', 'F', 30],
  ];
  for (const [actor, key, weeksAgo] of votes) {
    const vote = await actors[actor].collection('votes').create({ post: id(key), user: idOf(actors[actor]) });
    sql('UPDATE votes SET created = ? WHERE id = ?', at(weeksAgo, 3), vote.id);
  }

  // Searches: two that find nothing with the same words (different people, different case and punctuation),
  // another, an email address (never kept), and one that finds an idea.
  expect((await search('Zzqx  NOTHING!')).totalItems).toBe(0);
  await search('zzqx nothing');
  await search('frobnicate');
  await search('someone@example.com');
  expect((await search('calendar')).totalItems).toBe(1);
}, 120_000);
afterAll(async () => {
  db?.close();
  await pb?.stop();
});

describe('the weekly numbers', () => {
  it('counts ideas, votes, comments and active voters per week, inside the window only', async () => {
    const r = await report({ weeks: '26' });
    expect(r.weeks).toBe(26);
    expect(r.weekly).toHaveLength(26);
    expect(r.from).toBe(monday(25));
    expect(weekOf(r, 1)).toMatchObject({ ideas: 2, votes: 3, voters: 2, comments: 2 });
    expect(weekOf(r, 2)).toMatchObject({ ideas: 1, votes: 2, voters: 2, comments: 0 });
    expect(weekOf(r, 5)).toMatchObject({ ideas: 2, votes: 0, voters: 0 });
    expect(r.weekly.reduce((sum, w) => sum + w.ideas, 0)).toBe(5); // F, 30 weeks ago, is outside
    expect(r.weekly.reduce((sum, w) => sum + w.votes, 0)).toBe(5);

    const twelve = await report({ weeks: '12' });
    expect(twelve.weekly).toHaveLength(12);
    expect(twelve.from).toBe(monday(11));
    expect((await report({ weeks: '1000' })).weeks).toBe(12); // only 12 or 26
  });

  it('times the first staff response (median, p90) and the way to done', async () => {
    const r = await report({ weeks: '26' });
    // A answered by a staff comment after 2 h, B by a status change after 10 h, C by a response after 4 h.
    expect(r.response).toEqual({ ideas: 5, answered: 3, median_hours: 4, p90_hours: 10 });
    expect(r.done).toEqual({ ideas: 5, done: 1, median_days: 3, p90_days: 3 });
  });

  it('counts how many ideas reached each status, and the duplicate and spam rates', async () => {
    const r = await report({ weeks: '26' });
    const reached = Object.fromEntries(r.funnel.map((row) => [row.slug, row.ideas]));
    expect(reached).toMatchObject({ open: 5, planned: 1, done: 1, 'in-progress': 0, declined: 0 });
    expect(r.funnel.map((row) => row.slug).slice(0, 2)).toEqual(['open', 'under-review']); // in the statuses' order
    expect(r.rates).toEqual({ ideas: 5, merged: 1, unapproved: 1, duplicate_percent: 20, spam_percent: 20 });
  });

  it('lists the top ideas by votes and by revenue, overall and in a segment', async () => {
    const overall = await report();
    expect(overall.top.votes[0]).toMatchObject({ id: ideas.A?.id, value: 3 });
    expect(overall.top.revenue).toEqual([expect.objectContaining({ id: ideas.A?.id, value: 500 })]);
    const inSegment = await report({ segment: segmentId });
    expect(inSegment.segment).toEqual({ id: segmentId, name: 'Enterprise' });
    expect(inSegment.top.votes).toEqual([expect.objectContaining({ id: ideas.A?.id, value: 1, title: 'Dark mode' })]);
    expect(inSegment.top.revenue).toEqual([expect.objectContaining({ id: ideas.A?.id, value: 500 })]);
  });
});

describe('searches that found nothing', () => {
  it('are recorded normalized, counted per week, without what looks personal', async () => {
    const r = await report();
    expect(r.misses).toEqual([
      { term: 'zzqx nothing', searches: 2, weeks: 1 },
      { term: 'frobnicate', searches: 1, weeks: 1 },
    ]);
    expect(weekOf(r, 0)?.misses).toBe(3);
    const rows = await pb.admin.collection('search_misses').getFullList();
    expect(rows.map((row) => Object.keys(row).sort())).toContainEqual(
      ['collectionId', 'collectionName', 'count', 'created', 'id', 'term', 'updated', 'week'].sort(),
    );
    expect(JSON.stringify(rows)).not.toContain('example.com');
  });

  it('nobody reads or writes them through the collections API', async () => {
    await expectAccess((actor) => actors[actor].collection('search_misses').getList(), allowed());
    await expectAccess(
      (actor) => actors[actor].collection('search_misses').create({ week: monday(0), term: 'x', count: 9 }),
      allowed(),
    );
  });

  it('one address records 30 in ten minutes, not the 31st', async () => {
    const bot = pb.visitor();
    for (let i = 0; i < 31; i += 1) await search(`flood${i}x`, bot);
    const flood = await pb.admin.collection('search_misses').getFullList({ filter: 'term ~ "flood"' });
    expect(flood.map((row) => row['term']).sort()).toEqual(Array.from({ length: 30 }, (_, i) => `flood${i}x`).sort());
    await search('flood99x', pb.visitor()); // another address still counts
    expect(await pb.admin.collection('search_misses').getFullList({ filter: 'term ~ "flood"' })).toHaveLength(31);
  });

  it('keep at most 1,000 terms a week and 27 weeks', async () => {
    const now = new Date().toISOString().replace('T', ' ');
    const insert = db.prepare(
      'INSERT INTO search_misses (id, week, term, count, created, updated) VALUES (?, ?, ?, 1, ?, ?)',
    );
    insert.run('oldweek00000000', monday(40), 'ancient', now, now);
    const have = Number(
      (db.prepare('SELECT COUNT(*) AS n FROM search_misses WHERE week = ?').get(monday(0)) as { n: number }).n,
    );
    for (let i = have; i < 1000; i += 1)
      insert.run(`fill${String(i).padStart(11, '0')}`, monday(0), `filler ${i}`, now, now);
    await search('brandnewterm');
    const terms = await pb.admin.collection('search_misses').getFullList({ filter: `week = "${monday(0)}"` });
    expect(terms).toHaveLength(1000);
    expect(terms.some((row) => row.term === 'brandnewterm')).toBe(false);
    await search('frobnicate'); // a known term is still counted
    expect(terms.length).toBe(1000);
    expect((await report()).misses.find((m) => m.term === 'frobnicate')?.searches).toBe(2);
    // the old week went when a new term was last tried
    expect(await pb.admin.collection('search_misses').getFullList({ filter: `week = "${monday(40)}"` })).toHaveLength(
      0,
    );
  });
});

describe('who may read it', () => {
  it('active staff only, as JSON and as CSV', async () => {
    await expectAccess((actor) => actors[actor].send('/api/chorus/insights-report', {}), allowed('moderator', 'admin'));
    await expectAccess(
      (actor) => actors[actor].send('/api/chorus/insights-report.csv', { query: { chart: 'ideas' } }),
      allowed('moderator', 'admin'),
    );
  });

  it('the CSV holds the numbers behind one chart, or all', async () => {
    const csv = await csvOf({ weeks: '26', chart: 'ideas' });
    const lines = String(csv).trim().split('\r\n');
    expect(lines[0]).toBe('chart,key,label,value');
    expect(lines).toHaveLength(27);
    expect(lines).toContain(`ideas,${monday(1)},,2`);
    const all = await csvOf({ weeks: '26' });
    expect(all).toContain('response,median_hours,,4');
    expect(all).toContain('funnel,planned,');
    expect(all).toContain('rates,spam_percent,,20');
    expect(all).toContain('search_terms,zzqx nothing,,2');
    // the page's block of times and rates, as one file
    const times = (await csvOf({ weeks: '26', chart: 'times' })).trim().split('\r\n').slice(1);
    expect(times.map((line) => line.split(',')[0])).toEqual([
      ...Array(4).fill('response'),
      ...Array(4).fill('done'),
      ...Array(5).fill('rates'),
    ]);
    expect(times).toContain('done,median_days,,3');
  });
});
