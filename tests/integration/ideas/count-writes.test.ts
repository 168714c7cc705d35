// A vote, an unvote and a comment rewrite only their idea's counts (issue 35): PocketBase's record save writes
// every column, and SQLite compiles the search index's trigger into any UPDATE that names the title or body, a
// tenth of a vote's CPU. Go's saveCountsOnly (server/cmd/pocketbase/votes.go) writes a save marked counts-only
// (the vote's recount in Go, a comment's in ideas/counters.js) as an UPDATE of the count columns alone, and
// the live copy's counts, without the idea's own update hooks. PocketBase runs with --dev, which prints every
// statement it runs.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { statementsSince, updatesSince } from '../../support/sql-log';
import { type Actors, createActors, createBoard, createPost, idOf } from '../../support/world';

const COUNT_COLUMNS = ['comment_count', 'trending_score', 'updated', 'vote_count'];

let pb: TestPocketBase;
let actors: Actors;
beforeAll(async () => {
  pb = await startTestPocketBase({ dev: true });
  actors = await createActors(pb);
}, 60_000);
afterAll(() => pb?.stop());

/** The columns an `UPDATE posts SET a = …, b = … WHERE …` statement sets, sorted. */
function columnsSet(sql: string): string[] {
  const assignments = sql.slice(sql.search(/\bSET\b/i) + 3, sql.search(/\bWHERE\b/i));
  return [...assignments.matchAll(/[`"]?(\w+)[`"]?\s*=/g)].map((match) => match[1] ?? '').sort();
}

it('a vote, an unvote and a comment write only the idea’s counts, and its live copy follows', async () => {
  const board = await createBoard(pb, 'public');
  const idea = await createPost(pb, board, actors['other member']);
  const from = pb.output().length;
  const vote = await actors.member.collection('votes').create({ post: idea.id, user: idOf(actors.member) });
  await actors.member.collection('comments').create({ post: idea.id, author: idOf(actors.member), body: 'Yes please' });
  await actors.member.collection('votes').delete(vote.id);
  const updates = updatesSince(pb.output(), from, 'posts');
  expect(updates).toHaveLength(3);
  for (const sql of updates) expect(columnsSet(sql), sql.slice(0, 300)).toEqual(COUNT_COLUMNS);
  const live = await pb.visitor().collection('post_live').getOne(idea.id);
  expect({ votes: live.vote_count, comments: live.comment_count }).toEqual({ votes: 0, comments: 1 });
});

it('a vote on a tagged idea runs none of the idea’s own update hooks (its tags are never read)', async () => {
  const board = await createBoard(pb, 'public');
  const tag = await actors.admin.collection('tags').create({ name: `counted${Date.now()}`, color: '#123456' });
  const idea = await createPost(pb, board, actors['other member']);
  await pb.admin.collection('posts').update(idea.id, { tags: [tag.id] });
  const from = pb.output().length;
  await actors.member.collection('votes').create({ post: idea.id, user: idOf(actors.member) });
  // staff-tags.pb.js reads an updated idea's tags (are any staff-only?) on every save it runs on.
  expect(statementsSince(pb.output(), from, ['tags'])).toEqual([]);
  const [after, live] = await Promise.all([
    pb.admin.collection('posts').getOne(idea.id),
    pb.visitor().collection('post_live').getOne(idea.id),
  ]);
  expect({ votes: after.vote_count, tags: after.tags, live: live.vote_count }).toEqual({
    votes: 1,
    tags: [tag.id],
    live: 1,
  });
});

it('a comment counts the idea’s comments, never its votes, and keeps the vote count', async () => {
  const board = await createBoard(pb, 'public');
  const idea = await createPost(pb, board, actors['other member']);
  await actors.member.collection('votes').create({ post: idea.id, user: idOf(actors.member) });
  await actors.admin.collection('votes').create({ post: idea.id, user: idOf(actors.admin) });
  const from = pb.output().length;
  await actors.member.collection('comments').create({ post: idea.id, author: idOf(actors.member), body: 'Agreed' });
  // A popular idea's votes are many rows; the idea's vote_count is exact already (each vote's transaction).
  const votesRead = statementsSince(pb.output(), from, ['votes']).filter((sql) => /COUNT\(/i.test(sql));
  expect(votesRead).toEqual([]);
  const after = await pb.admin.collection('posts').getOne(idea.id);
  expect({ votes: after.vote_count, comments: after.comment_count }).toEqual({ votes: 2, comments: 1 });
});

it('an edit of the idea itself still writes the whole row', async () => {
  const board = await createBoard(pb, 'public');
  const idea = await createPost(pb, board, actors['other member']);
  const from = pb.output().length;
  await pb.admin.collection('posts').update(idea.id, { title: 'A clearer title' });
  const updates = updatesSince(pb.output(), from, 'posts');
  expect(updates.length).toBeGreaterThan(0);
  expect(columnsSet(updates[0] ?? '')).toContain('title');
});
