// The access matrix of Chorus's own routes (pb_hooks/<concept>/*.pb.js): the eight actors × every route, denials
// included, and that routes show only what the caller may see (search, voters).
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_PATH, SHELL_VERSION_PATH } from '../../../src/contract/audience';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import {
  ACTORS,
  type Actor,
  type Actors,
  allowed,
  createActors,
  createBoard,
  createPost,
  type Expectation,
  expectAccess,
  idOf,
  refused,
  SIGNED_IN,
} from '../../support/world';

let pb: TestPocketBase;
let actors: Actors;
const the = {} as Record<'publicBoard' | 'staffBoard' | 'post' | 'staffPost', RecordModel>;
let made = 0;

beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  the.publicBoard = await createBoard(pb, 'public');
  the.staffBoard = await createBoard(pb, 'staff');
  the.post = await createPost(pb, the.publicBoard, actors.member, { title: 'Zebra crossing mode' });
  the.staffPost = await createPost(pb, the.staffBoard, actors.moderator, { title: 'Zebra acquisition plan' });
  await pb.admin.collection('votes').create({ post: the.post.id, user: idOf(actors.member) });
});
afterAll(() => pb?.stop());

const send = (actor: Actor, path: string, body?: Record<string, unknown>) =>
  actors[actor].send(path, body ? { method: 'POST', body } : { method: 'GET' });
const freshPost = () => createPost(pb, the.publicBoard, actors.member);
/** An open duplicate suggestion of two fresh ideas, as the chorus_duplicates job writes it. */
async function freshSuggestion(): Promise<string> {
  const [older, newer] = [await freshPost(), await freshPost()];
  const [low, high] = [older.id, newer.id].sort();
  const row = await pb.admin.collection('duplicate_suggestions').create({
    post: newer.id,
    candidate: older.id,
    pair_low: low,
    pair_high: high,
    lexical: 0.75,
    score: 0.75,
    reason: 'shares the words an, idea',
    state: 'open',
  });
  return row.id;
}
/** Searches as the actor and fails unless the idea is among the hits. */
async function finds(actor: Actor, post: RecordModel) {
  const result = await send(actor, '/api/chorus/search?q=zebra');
  if (!result.items.some((item: RecordModel) => item.id === post.id)) throw refused('not found');
}

const EVERYONE = allowed(...ACTORS);
const NOBODY = allowed();
const ACTIVE = allowed('member', 'other member', 'moderator', 'admin');
const STAFF = allowed('moderator', 'admin');

type Scenario = [name: string, expected: Expectation, run: (actor: Actor) => Promise<unknown>];
const SCENARIOS: Scenario[] = [
  ['GET search finds a public idea', EVERYONE, (a) => finds(a, the.post)],
  ['GET search finds a staff-board idea', STAFF, (a) => finds(a, the.staffPost)],
  ['GET voters of a public idea', EVERYONE, (a) => send(a, `/api/chorus/posts/${the.post.id}/voters`)],
  ['GET voters of a staff-board idea', STAFF, (a) => send(a, `/api/chorus/posts/${the.staffPost.id}/voters`)],
  // Their own votes only (tests/integration/site/own-state.test.ts); a blocked member still reads theirs.
  ['GET own-votes', allowed(...SIGNED_IN), (a) => send(a, `/api/chorus/own-votes?posts=${the.post.id}`)],
  // Their own session check (tests/integration/site/session.test.ts); a blocked member still has a session.
  ['GET session', allowed(...SIGNED_IN), (a) => send(a, SESSION_PATH)],
  // The shell's version names when the shell last changed, nothing else: anyone (tests/integration/site/shell-version.test.ts).
  ['GET shell version', allowed(...ACTORS), (a) => send(a, SHELL_VERSION_PATH)],
  [
    'POST merge',
    STAFF,
    async (a) => send(a, `/api/chorus/posts/${(await freshPost()).id}/merge`, { into: (await freshPost()).id }),
  ],
  ['GET duplicates (the staff queue)', STAFF, (a) => send(a, '/api/chorus/duplicates?state=open')],
  [
    'POST duplicates/{id}/merge',
    STAFF,
    async (a) => send(a, `/api/chorus/duplicates/${await freshSuggestion()}/merge`, { into: 'candidate' }),
  ],
  [
    'POST duplicates/{id}/dismiss',
    STAFF,
    async (a) => send(a, `/api/chorus/duplicates/${await freshSuggestion()}/dismiss`, {}),
  ],
  [
    'POST vote-on-behalf',
    STAFF,
    async (a) =>
      send(a, `/api/chorus/posts/${(await freshPost()).id}/vote-on-behalf`, { email: `c${++made}@example.com` }),
  ],
  [
    'GET preferences (one’s own)',
    allowed(...ACTORS.filter((a) => a !== 'visitor')),
    (a) => send(a, '/api/chorus/preferences'),
  ],
  ['POST preferences (one’s own)', ACTIVE, (a) => send(a, '/api/chorus/preferences', { email_on_release: true })],
  ['POST notifications/read-all', ACTIVE, (a) => send(a, '/api/chorus/notifications/read-all', {})],
  ['GET export/posts.csv', allowed('admin'), (a) => send(a, '/api/chorus/export/posts.csv')],
  ['GET insights-report (staff insight)', STAFF, (a) => send(a, '/api/chorus/insights-report?weeks=26')],
  [
    'POST import/dates',
    NOBODY,
    (a) =>
      send(a, '/api/chorus/import/dates', {
        items: [{ collection: 'posts', id: the.post.id, created: '2020-01-01T00:00:00Z' }],
      }),
  ],
  ['POST unsubscribe with a forged token', NOBODY, (a) => send(a, '/api/chorus/unsubscribe', { token: 'x.y.z' })],
];

describe('routes', () => {
  it.each(SCENARIOS)('%s', (_name, expected, run) => expectAccess(run, expected));

  it('voters never carry emails', async () => {
    const result = await send('visitor', `/api/chorus/posts/${the.post.id}/voters`);
    expect(result.items).toEqual([
      {
        id: idOf(actors.member),
        collectionId: expect.any(String),
        collectionName: 'users',
        name: actors.member.authStore.record?.name,
        avatar: '',
        avatar_url: '',
      },
    ]);
  });

  it('search totals count only what the caller may see', async () => {
    expect((await send('member', '/api/chorus/search?q=zebra')).totalItems).toBe(1);
    expect((await send('blocked moderator', '/api/chorus/search?q=zebra')).totalItems).toBe(1);
    expect((await send('moderator', '/api/chorus/search?q=zebra')).totalItems).toBe(2);
  });
});
