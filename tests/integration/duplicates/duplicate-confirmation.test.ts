// The chat model's check of borderline duplicates (issue 61, item 3) against a real PocketBase and a local
// OpenAI-compatible chat model (tests/support/chat-server.ts): a pair queued by words that do not speak for
// themselves is asked "are these the same need?" in the duplicates job, never in the idea's write; yes keeps it with
// the model's reason, no takes it out of the queue for good (never asked again), garbage, an error or a timeout
// leave it as without a model; the hourly cap holds; a sure pair is never asked; only admins read the settings,
// and nobody reads the key.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatServer, startChatServer, userText } from '../../support/chat-server';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { type Actors, allowed, createActors, createBoard, createPost, expectAccess } from '../../support/world';

const KEY = 'sk-chat-stand-in-key-0123456789';
const MODEL = 'chat-stand-in';
const CAP = 40;

interface Suggestion {
  id: string;
  post: { id: string };
  candidate: { id: string };
  reason: string;
  confirmation: string;
  confirmation_reason: string;
  state: string;
}

let chat: ChatServer;
let pb: TestPocketBase;
let actors: Actors;
let board: RecordModel;
beforeAll(async () => {
  chat = await startChatServer({ key: KEY });
  pb = await startTestPocketBase({
    env: {
      CHORUS_AI_CHAT_URL: chat.url,
      CHORUS_AI_CHAT_KEY: KEY,
      CHORUS_AI_CHAT_MODEL: MODEL,
      CHORUS_AI_CHAT_TIMEOUT: '1',
      CHORUS_AI_CHAT_CALLS_PER_HOUR: String(CAP),
    },
  });
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
}, 60_000);
afterAll(async () => {
  await pb?.stop();
  await chat?.stop();
});

const tag = () => `zq${Math.random().toString(36).slice(2, 7)}q`;
const rowOf = async (a: RecordModel, b: RecordModel) => {
  const rows = await pb.admin.collection('duplicate_suggestions').getFullList({
    filter: pb.admin.filter('(post = {:a} && candidate = {:b}) || (post = {:b} && candidate = {:a})', {
      a: a.id,
      b: b.id,
    }),
  });
  return rows[0];
};
const listed = async (client: PocketBase, state: string, row?: RecordModel): Promise<Suggestion | undefined> =>
  ((await client.send(`/api/chorus/duplicates?state=${state}&perPage=50`, {})) as { items: Suggestion[] }).items.find(
    (one) => one.id === row?.id,
  );
const askedAbout = (word: string) => chat.requests.filter((one) => userText(one).includes(word));

/** Runs the job (PocketBase runs it on its own goroutine) until the pair of `a` and `b` is no longer pending. */
async function settled(a: RecordModel, b: RecordModel): Promise<RecordModel> {
  await expect
    .poll(
      async () => {
        await pb.admin.crons.run('chorus_duplicates');
        return (await rowOf(a, b))?.confirmation;
      },
      { timeout: 15_000 },
    )
    .not.toMatch(/^(pending)?$/);
  return (await rowOf(a, b)) as RecordModel;
}

/**
 * Two ideas sharing 6 of their 8 words (a score of 0.75): queued by words, but borderline. Three words of their own
 * keep each test's pairs apart from the others' (4 of 10 shared: not queued).
 */
async function borderlinePair() {
  const word = tag();
  const own = `${word} ${tag()} ${tag()}`;
  const older = await createPost(pb, board, actors.member, { title: `Slack notifications per channel ${own}` });
  const newer = await createPost(pb, board, actors['other member'], { title: `Slack alerts per channel ${own}` });
  return { word, own, older, newer };
}

describe('borderline pairs asked of the chat model', () => {
  it('yes: the pair stays in the queue with the model’s one-line reason, asked as documented', async () => {
    chat.answer(() => ({ json: { same: true, reason: 'Both ask for per-channel Slack messages.' } }));
    const { word, own, older, newer } = await borderlinePair();
    const row = await settled(older, newer);
    expect(row).toMatchObject({ state: 'open', confirmation: 'confirmed', confirmation_model: MODEL });
    expect(row.score).toBeGreaterThanOrEqual(0.5);
    expect(row.score).toBeLessThan(0.8);
    const shown = await listed(actors.moderator, 'open', row);
    expect(shown).toMatchObject({
      confirmation: 'confirmed',
      confirmation_reason: 'Both ask for per-channel Slack messages.',
      reason: `shares the words slack, per, channel, ${own.split(' ').join(', ')}`,
    });
    const [asked] = askedAbout(word);
    expect(asked).toMatchObject({
      authorization: `Bearer ${KEY}`,
      model: MODEL,
      temperature: 0,
      response_format: { type: 'json_object' },
    });
    expect(asked?.max_tokens).toBeLessThanOrEqual(200);
    expect(asked?.messages[0]?.role).toBe('system');
    expect(userText(asked as never)).toContain(older.title);
    expect(userText(asked as never)).toContain(newer.title);
    expect(askedAbout(word)).toHaveLength(1);
  });

  it('no: the pair leaves the queue as declined, and is never queued or asked again, even after an edit', async () => {
    chat.answer(() => ({ json: { same: false, reason: 'Notifications and alerts are different features here.' } }));
    const { word, own, older, newer } = await borderlinePair();
    const row = await settled(older, newer);
    expect(row).toMatchObject({ state: 'declined', confirmation: 'declined' });
    expect(await listed(actors.admin, 'open', row)).toBeUndefined();
    expect(await listed(actors.admin, 'declined', row)).toMatchObject({
      confirmation_reason: 'Notifications and alerts are different features here.',
    });
    chat.answer(() => ({ json: { same: true, reason: 'asked again' } }));
    await actors['other member'].collection('posts').update(newer.id, { title: `Slack alerts per channel ${own}!` });
    await expect
      .poll(
        async () => {
          await pb.admin.crons.run('chorus_duplicates');
          return (await pb.admin.collection('duplicate_checks').getList(1, 1)).totalItems;
        },
        { timeout: 10_000 },
      )
      .toBe(0);
    expect(await rowOf(older, newer)).toMatchObject({ id: row.id, state: 'declined' });
    expect(askedAbout(word)).toHaveLength(1);
  });

  it('garbage, an error or a timeout: the pair stays open as without a model, and the job goes on', async () => {
    const replies = ['garbage', 'status', 'hang', 'not-boolean'] as const;
    const pairs: ({ kind: (typeof replies)[number] } & Awaited<ReturnType<typeof borderlinePair>>)[] = [];
    for (const kind of replies) {
      const pair = await borderlinePair();
      pairs.push({ kind, ...pair });
    }
    chat.answer((request) => {
      const kind = pairs.find((one) => userText(request).includes(one.word))?.kind;
      if (kind === 'garbage') return { content: 'Sure! They look the same to me.' };
      if (kind === 'status') return { status: 500 };
      if (kind === 'hang') return 'hang';
      return { json: { same: 'yes', reason: 42 } };
    });
    for (const { older, newer } of pairs) {
      const row = await settled(older, newer);
      expect(row).toMatchObject({ state: 'open', confirmation: 'unanswered', confirmation_reason: '' });
      expect((await listed(actors.admin, 'open', row))?.reason).toMatch(/^shares the words slack, per, channel/);
    }
  });

  it('a pair whose words speak for themselves is never asked', async () => {
    chat.answer(() => ({ json: { same: false, reason: 'should not be asked' } }));
    const word = tag();
    const older = await createPost(pb, board, actors.member, { title: `Dark mode toggle ${word}` });
    const newer = await createPost(pb, board, actors['other member'], { title: `Dark mode toggle ${word}` });
    await expect
      .poll(
        async () => {
          await pb.admin.crons.run('chorus_duplicates');
          return (await rowOf(older, newer))?.state;
        },
        { timeout: 10_000 },
      )
      .toBe('open');
    expect(await rowOf(older, newer)).toMatchObject({ score: 1, confirmation: '' });
    expect(askedAbout(word)).toHaveLength(0);
  });

  it('the hourly cap holds: past it the pair waits, shown as without a model, and is asked once the hour allows', async () => {
    chat.answer(() => ({ json: { same: true, reason: 'Same need.' } }));
    const since = new Date(Date.now() - 3600_000).toISOString().replace('T', ' ');
    const used = (await pb.admin.collection('ai_chat_calls').getList(1, 1, { filter: `created >= "${since}"` }))
      .totalItems;
    const filler = [];
    for (let i = used; i < CAP; i += 1) {
      filler.push(await pb.admin.collection('ai_chat_calls').create({ purpose: 'duplicates', model: MODEL }));
    }
    const { word, older, newer } = await borderlinePair();
    await expect
      .poll(
        async () => {
          await pb.admin.crons.run('chorus_duplicates');
          return (await rowOf(older, newer))?.confirmation;
        },
        { timeout: 10_000 },
      )
      .toBe('pending');
    expect(await listed(actors.admin, 'open', await rowOf(older, newer))).toMatchObject({ confirmation: 'pending' });
    expect(askedAbout(word)).toHaveLength(0);
    expect(
      (await pb.admin.collection('ai_chat_calls').getList(1, 1, { filter: `created >= "${since}"` })).totalItems,
    ).toBe(CAP);
    for (const row of filler) await pb.admin.collection('ai_chat_calls').delete(row.id);
    expect(await settled(older, newer)).toMatchObject({ confirmation: 'confirmed', state: 'open' });
    expect(askedAbout(word)).toHaveLength(1);
  });
});

describe('the chat model’s settings', () => {
  it('only admins read them, and the key never', async () => {
    await expectAccess((a) => actors[a].send('/api/chorus/ai/chat', {}), allowed('admin'));
    const shown = await actors.admin.send('/api/chorus/ai/chat', {});
    expect(shown).toMatchObject({ configured: true, model: MODEL, callsPerHour: CAP });
    expect(JSON.stringify(shown)).not.toContain(KEY);
    expect(JSON.stringify(shown)).not.toContain(chat.url);
    await expectAccess((a) => actors[a].collection('ai_chat_calls').getFullList(), allowed());
  });
});
