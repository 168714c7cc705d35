// Staff lists ordered by score and by revenue (issue #24): only staff get those orders and the numbers
// beside each idea; everyone else asking `?sort=score` or `?sort=revenue` gets the default order and no
// number, so the order itself cannot leak what an idea is worth. The order is right, filters still apply,
// and it walks post_insights' (board, score) / (board, revenue) indexes instead of sorting every idea.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readListState } from '../../../src/features/ideas/list-query';
import { loadList } from '../../../src/features/ideas/lists';
import { isStaff } from '../../../src/lib/access';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import {
  ACTORS,
  type Actor,
  type Actors,
  createActors,
  createBoard,
  createPost,
  idOf,
  sessionOf,
} from '../../support/world';

let pb: TestPocketBase;
let actors: Actors;
let board: RecordModel;
let ideas: Record<'cheapLoud' | 'richQuiet' | 'sized' | 'fresh', RecordModel>;
beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
  const post = (title: string) => createPost(pb, board, actors.member, { title });
  ideas = {
    cheapLoud: await post('Many votes, no revenue'),
    richQuiet: await post('One rich vote'),
    sized: await post('Sized by staff'),
    fresh: await post('Nothing yet'),
  };
  const voters = await Promise.all([1, 2, 3, 4, 5].map(() => pb.actor('member')));
  for (const voter of voters) await voter.collection('votes').create({ post: ideas.cheapLoud.id, user: idOf(voter) });
  const acme = await pb.admin
    .collection('companies')
    .create({ external_id: 'acme', name: 'Acme', monthly_revenue: 9000 });
  const rich = await pb.actor('member');
  await pb.admin.collection('member_profiles').create({ user: idOf(rich), company: acme.id });
  await rich.collection('votes').create({ post: ideas.richQuiet.id, user: idOf(rich) });
  await rich.collection('votes').create({ post: ideas.sized.id, user: idOf(rich) });
  // sized: reach 1 × impact 3 × 100% ÷ 0.5 weeks = 6; cheapLoud: 5 × 1 × 50% ÷ 2 = 1.25; the others unsized.
  await actors.moderator
    .collection('post_insights')
    .update(ideas.sized.id, { impact: 3, confidence: 100, effort: 0.5 });
  await actors.moderator
    .collection('post_insights')
    .update(ideas.cheapLoud.id, { impact: 1, confidence: 50, effort: 2 });
});
afterAll(() => pb?.stop());

async function listAs(actor: Actor, query: string, boardId: string | undefined = board.id) {
  const user = sessionOf(actors[actor]);
  const state = readListState(new URLSearchParams(query), { staff: isStaff(user) });
  const list = await loadList(actors[actor], state, user, { statuses: [], version: null }, boardId);
  return {
    state,
    titles: list.result.items.map((post) => post.title),
    insights: list.insights,
  };
}

const STAFF = new Set<Actor>(['moderator', 'admin']);

describe('?sort=score and ?sort=revenue', () => {
  for (const actor of ACTORS) {
    it(`${actor}: ${STAFF.has(actor) ? 'ordered by the number, with the numbers' : 'the default order, no numbers'}`, async () => {
      const trending = await listAs(actor, '');
      for (const sort of ['score', 'revenue']) {
        const list = await listAs(actor, `sort=${sort}`);
        if (STAFF.has(actor)) {
          expect(list.state.sort).toBe(sort);
          expect(list.insights?.[ideas.sized.id]).toEqual({ score: 6, revenue: 9000 });
        } else {
          expect(list.state.sort).toBe('trending');
          expect(list.titles).toEqual(trending.titles);
          expect(list.insights).toBeNull();
          expect(JSON.stringify(list)).not.toContain('9000');
        }
      }
    });
  }

  it('orders by score, then by revenue, newest first among equals, filters still applying', async () => {
    expect((await listAs('moderator', 'sort=score')).titles).toEqual([
      'Sized by staff',
      'Many votes, no revenue',
      'Nothing yet',
      'One rich vote',
    ]);
    expect((await listAs('admin', 'sort=revenue')).titles).toEqual([
      'Sized by staff',
      'One rich vote',
      'Nothing yet',
      'Many votes, no revenue',
    ]);
    expect((await listAs('admin', 'sort=revenue&voted=1')).titles).toEqual([]);
    // A public tag on one idea, a staff-only tag on another: the tag filter finds either for staff.
    const [open, secret] = await Promise.all([
      pb.admin.collection('tags').create({ name: `Open ${Date.now()}`, color: '#336699' }),
      pb.admin.collection('tags').create({ name: `Secret ${Date.now()}`, color: '#336699', staff_only: true }),
    ]);
    await pb.admin.collection('posts').update(ideas.fresh.id, { tags: [open.id] });
    await pb.admin.collection('post_staff_tags').create({ post: ideas.richQuiet.id, tags: [secret.id] });
    expect((await listAs('moderator', `sort=score&tag=${open.id}`)).titles).toEqual(['Nothing yet']);
    expect((await listAs('moderator', `sort=revenue&tag=${secret.id}`)).titles).toEqual(['One rich vote']);
    const across = await listAs('moderator', 'sort=score', undefined);
    expect(across.titles[0]).toBe('Sized by staff');
  });

  it('staff lists in other orders still carry each idea’s numbers', async () => {
    const top = await listAs('moderator', 'sort=top');
    expect(top.titles[0]).toBe('Many votes, no revenue');
    expect(top.insights?.[ideas.cheapLoud.id]).toEqual({ score: 1.25, revenue: 0 });
    const trending = await listAs('admin', '');
    expect(trending.insights?.[ideas.sized.id]).toEqual({ score: 6, revenue: 9000 });
    // A search ranks elsewhere: its ideas' numbers are read apart, and still shown.
    const found = await listAs('moderator', 'q=Sized');
    expect(found.titles).toContain('Sized by staff');
    expect(found.insights?.[ideas.sized.id]).toEqual({ score: 6, revenue: 9000 });
  });

  it('a sort by score or revenue on a board walks its index', () => {
    const db = new DatabaseSync(join(pb.dataDir, 'data.db'), { readOnly: true });
    try {
      for (const column of ['score', 'revenue']) {
        const plan = db
          .prepare(
            `EXPLAIN QUERY PLAN SELECT DISTINCT post_insights.* FROM post_insights LEFT JOIN posts p ON p.id = post_insights.post ` +
              `WHERE post_insights.board = 'b1' AND p.merged_into = '' ORDER BY post_insights.${column} DESC, post_insights.created DESC LIMIT 20`,
          )
          .all()
          .map((step) => String(step.detail))
          .join(' | ');
        expect(plan).toContain(`idx_post_insights_board_${column}`);
      }
    } finally {
      db.close();
    }
  });
});
