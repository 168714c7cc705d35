// Audiences (issue 59): PocketBase names a member's audience in their session check (verified, unblocked plain members
// in no segment with a board of its own share the member copy; those in one such segment share that segment's); the
// principals the Worker renders those copies as get their tokens only with the site's proof, can sign in no other
// way, read as a plain member (a segment's: and its segment's boards, no other), are listed and counted nowhere, and
// every write they attempt is refused.
import { DatabaseSync } from 'node:sqlite';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUDIENCE_PRINCIPAL_ID, segmentAudience } from '../../../src/contract/audience';
import { forgetPrincipalToken, principalToken } from '../../../src/lib/pb/audience';
import { verifySession } from '../../../src/lib/pb/session';
import { signSiteProof } from '../../../src/lib/site-proof';
import { heldSession, startTestPocketBase, TEST_PASSWORD, type TestPocketBase } from '../../support/pocketbase';
import { statementsSince, tableNames } from '../../support/sql-log';
import { type Actors, attempt, createActors, createBoard, createComment, createPost, idOf } from '../../support/world';

/** What audienceOf (server/cmd/pocketbase/session.go) reads of a member: what only they see. */
const OWN_VIEW_TABLES = ['segment_members', 'boards', 'posts', 'comments', 'question_recipients', 'idea_answers'];

let pb: TestPocketBase;
let actors: Actors;
let principal: PocketBase;
let members: RecordModel;
let post: RecordModel;
let comment: RecordModel;
beforeAll(async () => {
  pb = await startTestPocketBase({ dev: true }); // --dev prints every statement: a refresh's are counted
  actors = await createActors(pb);
  members = await createBoard(pb, 'members');
  post = await createPost(pb, members, actors.member);
  comment = await createComment(pb, post, actors.member);
  forgetPrincipalToken();
  principal = pb.visitor();
  principal.authStore.save(await principalToken(pb.url, pb.proxySecret), null);
}, 120_000);
afterAll(() => pb?.stop());

const tokenWith = (proof: string) =>
  fetch(`${pb.url}/api/chorus/audience/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ proof }),
  });

/** Each write is answered 403 (a principal's: it only reads). */
async function expectEachRefused(writes: Array<[string, () => Promise<unknown>]>) {
  for (const [what, write] of writes) {
    let status = 0;
    try {
      await write();
    } catch (error) {
      status = (error as { status?: number }).status ?? -1;
    }
    expect(status, what).toBe(403);
  }
}

describe('a member audience', () => {
  it('is named for a verified plain member only; staff, blocked and unconfirmed get none; a segment with a board names its own', async () => {
    expect((await verifySession(actors.member)).audience).toBe('member');
    for (const actor of ['moderator', 'admin', 'blocked member'] as const) {
      expect((await verifySession(actors[actor])).audience, actor).toBe('');
    }
    const unconfirmed = pb.visitor();
    const email = `held-${Date.now()}@chorus.test`;
    await pb.admin
      .collection('users')
      .create({ email, password: TEST_PASSWORD, passwordConfirm: TEST_PASSWORD, role: 'member' });
    await heldSession(pb, unconfirmed, email, TEST_PASSWORD);
    const held = await verifySession(unconfirmed);
    expect(held.user?.verified).toBe(false);
    expect(held.audience).toBe('');

    const inSegment = await pb.actor('member');
    const gold = await pb.admin.collection('companies').create({ external_id: 'gold', name: 'Gold', plan: 'Gold' });
    await pb.admin.collection('member_profiles').create({ user: idOf(inSegment), company: gold.id });
    const segment = await pb.admin
      .collection('segments')
      .create({ name: 'Gold', conditions: { match: 'all', rules: [{ field: 'plan', op: 'eq', value: 'Gold' }] } });
    // The segment's members are written after its creation commits (segments.pb.js): wait for the insider.
    for (let tries = 0; tries < 100; tries++) {
      const rows = await pb.admin.collection('segment_members').getFullList({ filter: `segment = "${segment.id}"` });
      if (rows.length === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // A segment that only weighs votes shows its members nothing more: they share the member copy.
    expect((await verifySession(inSegment)).audience).toBe('member');
    const goldBoard = await pb.admin
      .collection('boards')
      .create({ name: 'Gold', slug: `gold-${Date.now()}`, visibility: 'segment', segment: segment.id });
    expect((await verifySession(inSegment)).audience).toBe(segmentAudience(segment.id));
    expect((await verifySession(actors.member)).audience).toBe('member');
    // In a second segment with a board: no audience holds both boards, so their pages are their own.
    const silver = await pb.admin
      .collection('segments')
      .create({ name: 'Gold too', conditions: { match: 'all', rules: [{ field: 'plan', op: 'eq', value: 'Gold' }] } });
    await expect
      .poll(() => pb.admin.collection('segment_members').getFullList({ filter: `segment = "${silver.id}"` }))
      .toHaveLength(1);
    const silverBoard = await pb.admin
      .collection('boards')
      .create({ name: 'Gold too', slug: `gold-too-${Date.now()}`, visibility: 'segment', segment: silver.id });
    expect((await verifySession(inSegment)).audience).toBe('');
    await pb.admin.collection('boards').delete(silverBoard.id);
    expect((await verifySession(inSegment)).audience).toBe(segmentAudience(segment.id));
    await pb.admin.collection('boards').update(goldBoard.id, { visibility: 'members' });
    expect((await verifySession(inSegment)).audience).toBe('member');
  });

  it('is none for the author of an idea waiting for review or of a comment staff hid, until that is over', async () => {
    const author = await pb.actor('member');
    expect((await verifySession(author)).audience).toBe('member');
    const waiting = await createPost(pb, members, author, { approved: false });
    expect((await verifySession(author)).audience).toBe('');
    await pb.admin.collection('posts').update(waiting.id, { approved: true });
    expect((await verifySession(author)).audience).toBe('member');
    const hidden = await createComment(pb, post, author);
    await pb.admin.collection('comments').update(hidden.id, { hidden: true });
    expect((await verifySession(author)).audience).toBe('');
    await pb.admin.collection('comments').delete(hidden.id);
    expect((await verifySession(author)).audience).toBe('member');
  });

  it('is none for a member sent a question they have not answered, until they answer it', async () => {
    const asked = await pb.actor('member');
    const question = await pb.admin
      .collection('idea_questions')
      .create({ post: post.id, author: idOf(actors.admin), body: 'Which size?', sent_count: 1 });
    await pb.admin.collection('question_recipients').create({ question: question.id, user: idOf(asked) });
    expect((await verifySession(asked)).audience).toBe('');
    await pb.admin.collection('idea_answers').create({ question: question.id, user: idOf(asked), body: 'A4' });
    expect((await verifySession(asked)).audience).toBe('member');
  });

  it("costs the member's session check one statement, each of its look-ups through an index", async () => {
    // A plain member, the dearest case: every look-up runs and finds nothing.
    const plain = await pb.actor('member');
    await verifySession(plain);
    const from = pb.output().length;
    expect((await verifySession(plain)).audience).toBe('member');
    const statements = statementsSince(pb.output(), from, OWN_VIEW_TABLES);
    expect(statements, statements.join('\n')).toHaveLength(1);
    const sql = statements[0] ?? '';
    for (const table of OWN_VIEW_TABLES) expect(tableNames(sql, OWN_VIEW_TABLES), table).toContain(table);
    const db = new DatabaseSync(`${pb.dataDir}/data.db`, { readOnly: true });
    try {
      const names = tableNames(sql, OWN_VIEW_TABLES);
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((row) => row.detail);
      const reads = plan.filter((step) => names.has(/^(?:SCAN|SEARCH) (\S+)/.exec(step)?.[1] ?? ''));
      expect(reads, plan.join(' | ')).toHaveLength(OWN_VIEW_TABLES.length);
      for (const step of reads) expect(step).toMatch(/USING (COVERING )?INDEX/);
    } finally {
      db.close();
    }
  });
});

describe("the audience's principal", () => {
  it("gets its token only with the site's proof for this purpose", async () => {
    expect((await tokenWith(await signSiteProof(pb.proxySecret, 'audience', { act: 'token' }))).status).toBe(200);
    expect((await tokenWith(await signSiteProof('not-the-secret', 'audience', { act: 'token' }))).status).toBe(401);
    expect((await tokenWith(await signSiteProof(pb.proxySecret, 'trackers', { act: 'token' }))).status).toBe(401);
    expect((await tokenWith(await signSiteProof(pb.proxySecret, 'audience', { act: 'other' }))).status).toBe(401);
    expect((await tokenWith('')).status).toBe(401);
  });

  it('never with a proof past its minute: an old one replayed, or one claiming longer than PocketBase allows', async () => {
    /** A proof for this route signed as if the clock said `now` plus `offsetMs` (signSiteProof reads Date.now()). */
    const signedAt = async (offsetMs: number) => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + offsetMs });
      try {
        return await signSiteProof(pb.proxySecret, 'audience', { act: 'token' });
      } finally {
        vi.useRealTimers();
      }
    };
    // Within its minute (clock skew included) it is good…
    expect((await tokenWith(await signedAt(-30_000))).status).toBe(200);
    // …after it, refused: a proof seen once (a log, a proxy) cannot be replayed for a token later.
    expect((await tokenWith(await signedAt(-61_000 - 2_000))).status).toBe(401);
    expect((await tokenWith(await signedAt(-60 * 60_000))).status).toBe(401);
    // A proof from a clock far ahead would last too long: refused (PROOF_MAX_SECONDS).
    expect((await tokenWith(await signedAt(10 * 60_000))).status).toBe(401);
  });

  it('its token is kept by the Worker for five minutes at most, then asked for again (a rotated secret heals)', async () => {
    forgetPrincipalToken();
    const now = Date.now();
    const token = await principalToken(pb.url, pb.proxySecret, now);
    // Within five minutes the kept token answers, with no request (a wrong secret would be refused).
    expect(await principalToken(pb.url, 'not-the-secret', now + 4 * 60_000)).toBe(token);
    // After them it is asked for again: with the wrong secret, refused.
    await expect(principalToken(pb.url, 'not-the-secret', now + 6 * 60_000)).rejects.toThrow('(401)');
    forgetPrincipalToken();
  });

  it('reads what a plain member reads, and is no audience itself', async () => {
    expect((await principal.collection('posts').getOne(post.id)).id).toBe(post.id);
    expect((await principal.collection('comments').getOne(comment.id)).id).toBe(comment.id);
    expect(principal.authStore.record).toBeNull();
  });

  it('cannot sign in or refresh its session', async () => {
    expect(await attempt(() => principal.collection('users').authRefresh())).toBe(false);
    expect(
      await attempt(() =>
        pb.visitor().collection('users').authWithPassword('audience-member@chorus.invalid', TEST_PASSWORD),
      ),
    ).toBe(false);
  });

  it('writes nothing: votes, comments, ideas, follows, reactions, its own account, any route', async () => {
    const writes: Array<[string, () => Promise<unknown>]> = [
      ['a vote', () => principal.collection('votes').create({ post: post.id, user: AUDIENCE_PRINCIPAL_ID })],
      [
        'a comment',
        () => principal.collection('comments').create({ post: post.id, author: AUDIENCE_PRINCIPAL_ID, body: 'x' }),
      ],
      [
        'an idea',
        () =>
          principal
            .collection('posts')
            .create({ board: members.id, author: AUDIENCE_PRINCIPAL_ID, title: 'An idea', body: 'x' }),
      ],
      ['a follow', () => principal.collection('subscriptions').create({ post: post.id, user: AUDIENCE_PRINCIPAL_ID })],
      [
        'a reaction',
        () =>
          principal.collection('reactions').create({ comment: comment.id, user: AUDIENCE_PRINCIPAL_ID, emoji: '👀' }),
      ],
      ['its name', () => principal.collection('users').update(AUDIENCE_PRINCIPAL_ID, { name: 'Someone' })],
      ['its deletion', () => principal.collection('users').delete(AUDIENCE_PRINCIPAL_ID)],
      ['a route', () => principal.send('/api/chorus/audience/token', { method: 'POST', body: {} })],
    ];
    await expectEachRefused(writes);
    // The same writes by a plain member go through (the refusal is the principal's, not the data's).
    expect(
      await attempt(() => actors.member.collection('votes').create({ post: post.id, user: idOf(actors.member) })),
    ).toBe(true);
    expect(
      await pb.admin.collection('votes').getFullList({ filter: `user = "${AUDIENCE_PRINCIPAL_ID}"` }),
    ).toHaveLength(0);
    expect(
      await pb.admin.collection('comments').getFullList({ filter: `author = "${AUDIENCE_PRINCIPAL_ID}"` }),
    ).toHaveLength(0);
  });

  it("is in no staff list of members, and no one's name", async () => {
    const listed = await actors.admin.collection('users').getFullList({ fields: 'id' });
    expect(listed.length).toBeGreaterThan(1);
    expect(listed.map((user) => user.id)).not.toContain(AUDIENCE_PRINCIPAL_ID);
    const record = await actors.visitor.collection('users').getOne(AUDIENCE_PRINCIPAL_ID);
    expect(record.name).toBe('');
  });
});

describe("a segment audience's principal", () => {
  const NOBODY = { match: 'all', rules: [{ field: 'plan', op: 'eq', value: 'nobody' }] };
  let segment: RecordModel;
  let other: RecordModel;
  let board: RecordModel;
  let otherBoard: RecordModel;
  let segmentIdea: RecordModel;
  let segmentComment: RecordModel;
  let otherIdea: RecordModel;
  let segmentPrincipal: PocketBase;
  let insider: PocketBase;
  beforeAll(async () => {
    insider = await pb.actor('member');
    const plan = `Plan-${Date.now()}`;
    const company = await pb.admin.collection('companies').create({ external_id: plan, name: plan, plan });
    await pb.admin.collection('member_profiles').create({ user: idOf(insider), company: company.id });
    const onPlan = { match: 'all', rules: [{ field: 'plan', op: 'eq', value: plan }] };
    segment = await pb.admin.collection('segments').create({ name: plan, conditions: onPlan });
    // A segment everyone verified is in: its principal, were it anyone, would be too.
    other = await pb.admin.collection('segments').create({
      name: `${plan} all`,
      conditions: { match: 'all', rules: [{ field: 'signed_up', op: 'within_days', value: 3650 }] },
    });
    board = await pb.admin
      .collection('boards')
      .create({ name: plan, slug: `plan-${Date.now()}`, visibility: 'segment', segment: segment.id });
    otherBoard = await pb.admin
      .collection('boards')
      .create({ name: `${plan} all`, slug: `plan-all-${Date.now()}`, visibility: 'segment', segment: other.id });
    segmentIdea = await pb.admin
      .collection('posts')
      .create({ board: board.id, author: idOf(actors.admin), title: 'For the plan', body: 'x', approved: true });
    segmentComment = await createComment(pb, segmentIdea, actors.admin);
    otherIdea = await pb.admin
      .collection('posts')
      .create({ board: otherBoard.id, author: idOf(actors.admin), title: 'For all', body: 'x', approved: true });
    // The segment's members are written after its creation commits (segments.pb.js): wait for the insider.
    for (let tries = 0; tries < 100; tries++) {
      const rows = await pb.admin.collection('segment_members').getFullList({ filter: `segment = "${segment.id}"` });
      if (rows.length === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    forgetPrincipalToken();
    segmentPrincipal = pb.visitor();
    const audience = segmentAudience(segment.id) as `segment:${string}`;
    segmentPrincipal.authStore.save(await principalToken(pb.url, pb.proxySecret, Date.now(), audience), null);
  }, 120_000);

  const asked = (audience: string) =>
    signSiteProof(pb.proxySecret, 'audience', { act: 'token', audience }).then(tokenWith);

  it('is made once, on the first ask with the proof, and only for a segment with a board of its own', async () => {
    const made = await pb.admin.collection('users').getFullList({ filter: `audience_segment = "${segment.id}"` });
    expect(made).toHaveLength(1);
    expect((await asked(segmentAudience(segment.id))).status).toBe(200);
    expect(
      await pb.admin.collection('users').getFullList({ filter: `audience_segment = "${segment.id}"` }),
    ).toHaveLength(1);
    const bare = await pb.admin.collection('segments').create({ name: `bare-${Date.now()}`, conditions: NOBODY });
    expect((await asked(segmentAudience(bare.id))).status).toBe(404);
    expect((await asked('segment:nosuchsegment00')).status).toBe(404);
    expect((await asked('segment:../../users')).status).toBe(404);
    expect(
      (
        await tokenWith(
          await signSiteProof('not-the-secret', 'audience', { act: 'token', audience: segmentAudience(segment.id) }),
        )
      ).status,
    ).toBe(401);
  });

  it("reads its segment's board, ideas and comments as its members do, and no other segment's", async () => {
    expect((await segmentPrincipal.collection('boards').getOne(board.id)).id).toBe(board.id);
    expect((await segmentPrincipal.collection('posts').getOne(segmentIdea.id)).id).toBe(segmentIdea.id);
    expect((await segmentPrincipal.collection('comments').getOne(segmentComment.id)).id).toBe(segmentComment.id);
    const boards = (await segmentPrincipal.collection('boards').getFullList()).map((b) => b.id);
    expect(boards).toContain(board.id);
    expect(boards).toContain(members.id);
    expect(boards).not.toContain(otherBoard.id);
    expect(await attempt(() => segmentPrincipal.collection('posts').getOne(otherIdea.id))).toBe(false);
    // The idea's comments through the route the idea page reads them by (the SQL form of the same rule).
    const thread = await segmentPrincipal.send(`/api/chorus/posts/${segmentIdea.id}/comments`, { method: 'GET' });
    expect(JSON.stringify(thread)).toContain(segmentComment.id);
    // The member audience's principal and a member outside the segment see none of it.
    expect(await attempt(() => principal.collection('posts').getOne(segmentIdea.id))).toBe(false);
    expect(await attempt(() => actors.member.collection('boards').getOne(board.id))).toBe(false);
  });

  it('is in no segment, whatever the conditions', async () => {
    const principalId = (await pb.admin.collection('users').getFirstListItem(`audience_segment = "${segment.id}"`)).id;
    const everyone = await pb.admin.collection('segment_members').getFullList({ filter: `segment = "${other.id}"` });
    expect(everyone.length).toBeGreaterThan(1);
    expect(everyone.map((row) => row.user)).not.toContain(principalId);
    expect(
      await pb.admin.collection('segment_members').getFullList({ filter: `user = "${principalId}"` }),
    ).toHaveLength(0);
  });

  it('cannot sign in, refresh, or write anything', async () => {
    expect(await attempt(() => segmentPrincipal.collection('users').authRefresh())).toBe(false);
    expect(
      await attempt(() =>
        pb.visitor().collection('users').authWithPassword(`audience-${segment.id}@chorus.invalid`, TEST_PASSWORD),
      ),
    ).toBe(false);
    const me = (await pb.admin.collection('users').getFirstListItem(`audience_segment = "${segment.id}"`)).id;
    const writes: Array<[string, () => Promise<unknown>]> = [
      ['a vote', () => segmentPrincipal.collection('votes').create({ post: segmentIdea.id, user: me })],
      [
        'a comment',
        () => segmentPrincipal.collection('comments').create({ post: segmentIdea.id, author: me, body: 'x' }),
      ],
      ['its name', () => segmentPrincipal.collection('users').update(me, { name: 'Someone' })],
    ];
    await expectEachRefused(writes);
  });

  it('is a field no member may set: not on themselves, not at sign-up, not by an admin (PocketBase drops it)', async () => {
    const self = await pb.actor('member');
    const email = `signup-${Date.now()}@chorus.test`;
    await attempt(() => self.collection('users').update(idOf(self), { audience_segment: segment.id }));
    await attempt(() => actors.admin.collection('users').update(idOf(self), { audience_segment: segment.id }));
    await attempt(() =>
      pb.visitor().collection('users').create({
        email,
        password: TEST_PASSWORD,
        passwordConfirm: TEST_PASSWORD,
        audience_segment: segment.id,
      }),
    );
    const set = await pb.admin.collection('users').getFullList({ filter: `audience_segment = "${segment.id}"` });
    expect(set.map((user) => user.email)).toEqual([`audience-${segment.id}@chorus.invalid`]);
    // They are in the segment everyone is in (its board's audience), never in this one's.
    expect((await verifySession(self)).audience).toBe(segmentAudience(other.id));
    expect(await attempt(() => self.collection('boards').getOne(board.id))).toBe(false);
  });

  it('goes with its segment', async () => {
    const gone = await pb.admin.collection('segments').create({ name: `gone-${Date.now()}`, conditions: NOBODY });
    await pb.admin
      .collection('boards')
      .create({ name: 'Gone', slug: `gone-${Date.now()}`, visibility: 'segment', segment: gone.id });
    expect((await asked(segmentAudience(gone.id))).status).toBe(200);
    expect(await pb.admin.collection('users').getFullList({ filter: `audience_segment = "${gone.id}"` })).toHaveLength(
      1,
    );
    await pb.admin.collection('segments').delete(gone.id);
    expect(await pb.admin.collection('users').getFullList({ filter: `audience_segment = "${gone.id}"` })).toHaveLength(
      0,
    );
  });
});
