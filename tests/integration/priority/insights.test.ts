// Companies and what each idea is worth (issue #24): revenue counts each company once, follows votes, a
// member's company and a company's revenue; and nobody but staff reads any of it, directly or by probing
// posts through a filter or a sort.
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import {
  ACTORS,
  type Actors,
  allowed,
  attempt,
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
beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
});
afterAll(() => pb?.stop());

const company = (fields: Record<string, unknown>) =>
  pb.admin
    .collection('companies')
    .create({ external_id: `co-${Math.random().toString(36).slice(2)}`, name: 'Co', ...fields });
const profile = (user: string, companyId: string) =>
  pb.admin.collection('member_profiles').create({ user, company: companyId });
const insightsOf = (post: RecordModel) => pb.admin.collection('post_insights').getOne(post.id);

describe("an idea's worth", () => {
  it('sums the revenue of distinct companies, per plan, and follows votes', async () => {
    const acme = await company({ plan: 'Enterprise', monthly_revenue: 5000 });
    const tiny = await company({ plan: 'Starter', monthly_revenue: 50 });
    const [a1, a2, t1] = await Promise.all([pb.actor('member'), pb.actor('member'), pb.actor('member')]);
    await Promise.all([profile(idOf(a1), acme.id), profile(idOf(a2), acme.id), profile(idOf(t1), tiny.id)]);
    const post = await createPost(pb, board, actors.member);
    expect((await insightsOf(post)).revenue).toBe(0);
    for (const voter of [a1, a2, t1, actors['other member']]) {
      await voter.collection('votes').create({ post: post.id, user: idOf(voter) });
    }
    const worth = await insightsOf(post);
    expect(worth.revenue).toBe(5050);
    expect(worth.company_count).toBe(2);
    expect(worth.plans).toEqual({
      Enterprise: { votes: 2, revenue: 5000, companies: 1 },
      Starter: { votes: 1, revenue: 50, companies: 1 },
      '': { votes: 1, revenue: 0, companies: 0 },
    });
    await pb.admin.collection('companies').update(acme.id, { monthly_revenue: 7000 });
    expect((await insightsOf(post)).revenue).toBe(7050);
    const t1Vote = await t1.collection('votes').getFirstListItem(`post = "${post.id}"`);
    await t1.collection('votes').delete(t1Vote.id);
    expect((await insightsOf(post)).revenue).toBe(7000);
    await pb.admin.collection('companies').delete(acme.id);
    expect((await insightsOf(post)).revenue).toBe(0);
  });

  it("staff size an idea and its RICE score follows; the numbers stay the server's", async () => {
    const post = await createPost(pb, board, actors.member);
    await actors.member.collection('votes').create({ post: post.id, user: idOf(actors.member) });
    const staff = actors.moderator.collection('post_insights');
    const sized = await staff.update(post.id, { impact: 2, confidence: 50, effort: 2 });
    expect(sized.reach).toBe(1);
    expect(sized.score).toBe(0.5);
    for (const field of ['revenue', 'reach', 'score', 'company_count', 'plans', 'post']) {
      expect(await attempt(() => staff.update(post.id, { [field]: field === 'plans' ? {} : 9 }))).toBe(false);
    }
  });
});

describe('nobody but staff reads customer data', () => {
  let acme: RecordModel;
  let post: RecordModel;
  beforeAll(async () => {
    acme = await company({ plan: 'Enterprise', monthly_revenue: 9000, attributes: { seats: 40 } });
    await profile(idOf(actors['other member']), acme.id);
    post = await createPost(pb, board, actors['other member']);
    await actors['other member'].collection('votes').create({ post: post.id, user: idOf(actors['other member']) });
  });
  const STAFF_READS = allowed('moderator', 'admin');

  it.each(['companies', 'member_profiles', 'post_insights', 'segments', 'segment_members', 'scoring'])(
    '%s: list and view are staff only',
    async (collection) => {
      const first = (await pb.admin.collection(collection).getList(1, 1)).items[0];
      await expectAccess(
        async (actor) => {
          const list = await actors[actor].collection(collection).getList(1, 50);
          if (list.items.length === 0) throw refused('empty');
          if (first) await actors[actor].collection(collection).getOne(first.id);
        },
        collection === 'segments' || collection === 'segment_members' ? allowed() : STAFF_READS,
      );
    },
  );

  it('companies are written by admins only; member profiles by staff', async () => {
    await expectAccess(
      (actor) =>
        actors[actor].collection('companies').create({ external_id: `x-${actor.replace(/ /g, '')}`, name: 'X' }),
      allowed('admin'),
    );
    await expectAccess(async (actor) => {
      const someone = await pb.actor('member');
      await actors[actor].collection('member_profiles').create({ user: idOf(someone), company: acme.id });
    }, STAFF_READS);
    await expectAccess(
      (actor) => actors[actor].collection('post_insights').update(post.id, { impact: 1 }),
      STAFF_READS,
    );
  });

  it.each(ACTORS)('%s cannot probe revenue, plan or company through a post filter or sort', async (actor) => {
    const client = actors[actor];
    const staff = actor === 'moderator' || actor === 'admin';
    const probes = [
      `author.member_profiles_via_user.company.monthly_revenue > 100`,
      `post_insights_via_post.revenue > 100`,
      `author.member_profiles_via_user.company.plan = "Enterprise"`,
      `votes_via_post.user.member_profiles_via_user.company.name ~ "Co"`,
      `author.member_profiles_via_user.attributes.seats = 40`,
    ];
    for (const probe of probes) {
      const found = await attempt(async () => {
        const list = await client.collection('posts').getList(1, 5, { filter: `id = "${post.id}" && ${probe}` });
        if (list.items.length === 0) throw refused('none');
      });
      if (!staff) expect(found, probe).toBe(false);
    }
    // Sorting by a staff-only number either is refused or leaves out every row it would have ordered.
    const sorted = await client
      .collection('posts')
      .getList(1, 5, { sort: '-post_insights_via_post.revenue', filter: `id = "${post.id}"` })
      .then((list) => list.items.length)
      .catch(() => 0);
    expect(sorted).toBe(staff ? 1 : 0);
  });
});
