// Suggested duplicates (issue 38): ideas posted or edited are checked in the background (the chorus_duplicates
// job, run here at once instead of waiting for its minute), alike pairs queue for staff with the reason and the
// scores, staff merge (the ordinary merge, either way) or dismiss (never again); members never see the queue.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { deletesSince } from '../../support/sql-log';
import {
  type Actor,
  type Actors,
  allowed,
  attempt,
  createActors,
  createBoard,
  createPost,
  expectAccess,
  idOf,
} from '../../support/world';

interface Idea {
  id: string;
  title: string;
  vote_count: number;
  board: string;
}
interface Suggestion {
  id: string;
  post: Idea;
  candidate: Idea;
  lexical: number;
  semantic: number;
  score: number;
  reason: string;
  words: string[];
  state: string;
}

let pb: TestPocketBase;
let actors: Actors;
let board: RecordModel;
beforeAll(async () => {
  pb = await startTestPocketBase({ dev: true }); // --dev prints every statement: the checks are counted
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
});
afterAll(() => pb?.stop());

/** A word no other test types; it ends in a letter the shared-words stemmer keeps (it drops a final "s"). */
const tag = () => `${Math.random().toString(36).slice(2, 7)}q`;
const send = (client: PocketBase, path: string, body?: Record<string, unknown>) =>
  client.send(path, { method: body ? 'POST' : 'GET', ...(body ? { body } : {}) });
const openPairs = async (): Promise<Suggestion[]> =>
  (await send(actors.admin, '/api/chorus/duplicates?state=open&perPage=50')).items;
const allRows = (filter: string) => pb.admin.collection('duplicate_suggestions').getFullList({ filter });
const pairOf = (a: RecordModel, b: RecordModel) =>
  pb.admin.filter('(post = {:a} && candidate = {:b}) || (post = {:b} && candidate = {:a})', { a: a.id, b: b.id });
/** Runs the job now (PocketBase runs it on its own goroutine) and waits until nothing is left to check. */
async function runChecks(): Promise<void> {
  await pb.admin.crons.run('chorus_duplicates');
  await expect
    .poll(async () => (await pb.admin.collection('duplicate_checks').getList(1, 1)).totalItems, { timeout: 10_000 })
    .toBe(0);
}
const vote = (who: PocketBase, post: RecordModel) => who.collection('votes').create({ post: post.id, user: idOf(who) });

describe('suggested duplicates', () => {
  it('queues "Export reports to CSV" after "Export report as CSV file" with the shared words, in the background', async () => {
    const word = `zq${tag()}`; // keeps this pair apart from the other tests' ideas
    const older = await createPost(pb, board, actors.member, { title: `Export report as CSV file ${word}` });
    const newer = await actors['other member'].collection('posts').create({
      board: board.id,
      author: idOf(actors['other member']),
      title: `Export reports to CSV ${word}`,
      body: 'Please',
    });
    // The write only marked the idea; nothing was scored inside the request.
    expect(await allRows(pairOf(older, newer))).toHaveLength(0);
    expect((await pb.admin.collection('duplicate_checks').getFullList()).map((c) => c.post)).toContain(newer.id);
    await runChecks();
    const pair = (await openPairs()).find((s) => s.post.id === newer.id);
    expect(pair).toMatchObject({
      post: { id: newer.id, title: newer.title, vote_count: 1, board: board.id }, // its author's vote
      candidate: { id: older.id, title: older.title, board: board.id },
      semantic: 0,
      state: 'open',
    });
    expect(pair?.reason).toBe(`shares the words export, report, csv, ${word}`);
    expect(pair?.words).toEqual(['export', 'report', 'csv', word]);
    expect(pair?.lexical).toBeGreaterThanOrEqual(0.5);
    expect(pair?.score).toBe(pair?.lexical);
  });

  it('leaves unrelated ideas, merged ideas and the idea itself out', async () => {
    const word = `zq${tag()}`;
    const merged = await createPost(pb, board, actors.member, { title: `Dark mode toggle ${word}` });
    const keeper = await createPost(pb, board, actors.member, { title: `Something else entirely ${word}x` });
    await send(actors.admin, `/api/chorus/posts/${merged.id}/merge`, { into: keeper.id });
    const unrelated = await createPost(pb, board, actors.member, { title: `Calendar sync with Outlook ${word}y` });
    const fresh = await createPost(pb, board, actors.member, { title: `Dark mode toggle ${word}` });
    await runChecks();
    expect(await allRows(pairOf(fresh, merged))).toHaveLength(0);
    expect(await allRows(pairOf(fresh, unrelated))).toHaveLength(0);
    expect(await allRows(pb.admin.filter('post = candidate'))).toHaveLength(0);
  });

  it('dismiss: the pair is never queued again, even after an edit', async () => {
    const word = `zq${tag()}`;
    const older = await createPost(pb, board, actors.member, { title: `Slack notifications per channel ${word}` });
    const newer = await createPost(pb, board, actors.member, { title: `Slack notifications for each channel ${word}` });
    await runChecks();
    const [row] = await allRows(pairOf(older, newer));
    expect(row).toBeDefined();
    const answer = await send(actors.moderator, `/api/chorus/duplicates/${row?.id}/dismiss`, {});
    expect(answer).toEqual({ suggestion: { id: row?.id, state: 'dismissed' } });
    expect(await attempt(() => send(actors.moderator, `/api/chorus/duplicates/${row?.id}/dismiss`, {}))).toBe(false);
    await actors.member.collection('posts').update(newer.id, { title: `Slack notifications per channel ${word}!` });
    await runChecks();
    const rows = await allRows(pairOf(older, newer));
    expect(rows.map((r) => [r.state, r.decided_by])).toEqual([['dismissed', idOf(actors.moderator)]]);
    expect((await openPairs()).some((s) => s.id === row?.id)).toBe(false);
    const entries = await pb.admin
      .collection('audit_entries')
      .getFullList({ filter: pb.admin.filter('target_id = {:id}', { id: row?.id }) });
    expect(entries).toMatchObject([{ action: 'duplicate.dismiss', actor: idOf(actors.moderator) }]);
  });

  it('merge: newer into older, votes moved without double counting, the other pairs with it closed', async () => {
    const word = `zq${tag()}`;
    const older = await createPost(pb, board, actors.member, { title: `Invoice PDF download ${word}` });
    const third = await createPost(pb, board, actors.member, { title: `Invoice PDF download button ${word}` });
    const newer = await createPost(pb, board, actors.member, { title: `Download invoice PDF ${word}` });
    const [a, b, c] = await Promise.all([pb.actor('member'), pb.actor('member'), pb.actor('member')]);
    await Promise.all([vote(a, newer), vote(b, newer), vote(b, older), vote(c, older)]);
    await runChecks();
    const [row] = await allRows(pairOf(older, newer));
    const [other] = await allRows(pairOf(third, newer));
    expect(row?.state).toBe('open');
    expect(other?.state).toBe('open');
    const answer = await send(actors.moderator, `/api/chorus/duplicates/${row?.id}/merge`, { into: 'candidate' });
    expect(answer.suggestion).toEqual({ id: row?.id, state: 'merged' });
    expect(answer.duplicate).toMatchObject({ id: newer.id, merged_into: older.id, vote_count: 0 });
    expect(answer.target).toMatchObject({ id: older.id, vote_count: 3 }); // a, b (once) and c
    const votes = await pb.admin.collection('votes').getFullList({ filter: `post = "${older.id}"` });
    expect(votes.map((v) => v.user).sort()).toEqual([a, b, c].map(idOf).sort());
    expect((await pb.admin.collection('duplicate_suggestions').getOne(row?.id ?? '')).state).toBe('merged');
    expect((await pb.admin.collection('duplicate_suggestions').getOne(other?.id ?? '')).state).toBe('closed');
    expect((await openPairs()).some((s) => s.post.id === newer.id || s.candidate.id === newer.id)).toBe(false);
    const actions = await pb.admin.collection('audit_entries').getFullList({
      filter: pb.admin.filter('target_id = {:row} || target_id = {:post}', { row: row?.id, post: newer.id }),
    });
    expect(actions.map((e) => e.action).sort()).toEqual(['duplicate.merge', 'post.merge']);
    expect(await attempt(() => send(actors.admin, `/api/chorus/duplicates/${row?.id}/merge`, {}))).toBe(false);
  });

  it('merge the other way: the older idea into the newer when staff pick it', async () => {
    const word = `zq${tag()}`;
    const older = await createPost(pb, board, actors.member, { title: `Keyboard shortcuts list ${word}` });
    const newer = await createPost(pb, board, actors.member, { title: `List of keyboard shortcuts ${word}` });
    await runChecks();
    const [row] = await allRows(pairOf(older, newer));
    expect(
      await attempt(() => send(actors.admin, `/api/chorus/duplicates/${row?.id}/merge`, { into: 'sideways' })),
    ).toBe(false);
    const answer = await send(actors.admin, `/api/chorus/duplicates/${row?.id}/merge`, { into: 'post' });
    expect(answer.duplicate).toMatchObject({ id: older.id, merged_into: newer.id });
  });

  it('a staff-only board’s ideas are paired for staff, and members read nothing of it', async () => {
    const word = `zq${tag()}`;
    const hidden = await createBoard(pb, 'staff');
    const secret = await createPost(pb, hidden, actors.admin, { title: `Acquire competitor roadmap ${word}` });
    const open = await createPost(pb, board, actors.member, { title: `Competitor roadmap acquire ${word}` });
    await runChecks();
    const [row] = await allRows(pairOf(secret, open));
    expect(row).toBeDefined();
    expect((await openPairs()).find((s) => s.id === row?.id)?.candidate.title).toBe(secret.title);
    await expectAccess(
      (name: Actor) => actors[name].collection('duplicate_suggestions').getOne(row?.id ?? ''),
      allowed('moderator', 'admin'),
    );
    expect(await actors.member.collection('duplicate_suggestions').getFullList()).toHaveLength(0);
  });
});

describe('duplicate queue access', () => {
  const anOpenPair = async () => {
    const word = `zq${tag()}`;
    const older = await createPost(pb, board, actors.member, { title: `Webhook retry policy ${word}` });
    const newer = await createPost(pb, board, actors.member, { title: `Webhook retry policies ${word}` });
    await runChecks();
    const [row] = await allRows(pairOf(older, newer));
    return row?.id ?? '';
  };
  it('list: active staff only', async () => {
    await expectAccess((name) => send(actors[name], '/api/chorus/duplicates'), allowed('moderator', 'admin'));
  });
  it('merge and dismiss: active staff only; a member is refused with 403', async () => {
    await expectAccess(
      async (name) => send(actors[name], `/api/chorus/duplicates/${await anOpenPair()}/merge`, {}),
      allowed('moderator', 'admin'),
    );
    await expectAccess(
      async (name) => send(actors[name], `/api/chorus/duplicates/${await anOpenPair()}/dismiss`, {}),
      allowed('moderator', 'admin'),
    );
    const id = await anOpenPair();
    for (const path of [
      '/api/chorus/duplicates',
      `/api/chorus/duplicates/${id}/merge`,
      `/api/chorus/duplicates/${id}/dismiss`,
    ]) {
      const refusal = await send(actors.member, path, path.endsWith('duplicates') ? undefined : {}).catch((e) => e);
      expect(refusal.status, path).toBe(403);
    }
  });
  it('the collection: staff read, nobody writes through the API', async () => {
    const id = await anOpenPair();
    const rows = (name: Actor) => actors[name].collection('duplicate_suggestions');
    await expectAccess((name) => rows(name).getOne(id), allowed('moderator', 'admin'));
    await expectAccess((name) => rows(name).update(id, { state: 'dismissed' }), allowed());
    await expectAccess((name) => rows(name).delete(id), allowed());
    await expectAccess(
      (name) => rows(name).create({ post: id, candidate: id, pair_low: 'a', pair_high: 'b', state: 'open' }),
      allowed(),
    );
    await expectAccess((name) => actors[name].collection('duplicate_checks').getList(1, 1), allowed());
  });
});

describe('the job', () => {
  it('two runs at once (a minute’s tick and a run started by hand) check each waiting idea once, and queue every pair once', async () => {
    const word = `zq${tag()}`;
    // Every two of these titles share two of their four words (0.5): each idea is paired with every other.
    const ideas: RecordModel[] = [];
    for (let i = 0; i < 16; i += 1)
      ideas.push(await createPost(pb, board, actors.member, { title: `Gadget ${word} ${tag()}x` }));
    const from = pb.output().length;
    await Promise.all([pb.admin.crons.run('chorus_duplicates'), pb.admin.crons.run('chorus_duplicates')]);
    await runChecks();
    // An idea's check ends with its mark's removal: one per idea, not one per run that picked the same marks.
    const ends = deletesSince(pb.output(), from, 'duplicate_checks');
    for (const idea of ideas)
      expect(
        ends.filter((sql) => sql.includes(`'${idea.id}'`)),
        idea.title,
      ).toHaveLength(1);
    const ids = ideas.map((idea) => idea.id);
    const rows = await pb.admin.collection('duplicate_suggestions').getFullList({
      filter: ids.map((id) => pb.admin.filter('post = {:id}', { id })).join(' || '),
    });
    expect(rows.filter((row) => ids.includes(row.candidate))).toHaveLength((16 * 15) / 2);
  });
});
