// Similar ideas by meaning (issue 38) against a real PocketBase and the local AI stand-in (a real small English
// model): a pair sharing no words is found through meaning and not through words; nobody sees through /similar an
// idea they may not list; a provider that refuses or answers garbage is logged and tried again, never failing a save;
// changing the model re-indexes in the background; staff read the progress.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AiStandIn, aiEnv, startAi } from '../../support/ai';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { type Actors, attempt, createActors, createBoard, createPost } from '../../support/world';

interface Similar {
  items: { id: string; title: string; vote_count: number; status: string; score: number; via: string }[];
}
interface Status {
  configured: boolean;
  model: string;
  dims: number;
  indexed: number;
  total: number;
  stale: number;
  lastError: string;
  provider: string;
  calibrated: boolean;
  thresholds: { hint: number; floor: number; alone: number };
}

let ai: AiStandIn;
let pb: TestPocketBase;
let actors: Actors;
let darkMode: RecordModel;
const hidden = {} as Record<'staffBoard' | 'unapproved' | 'merged', RecordModel>;

const similar = (client: PocketBase, q: string, query: Record<string, string> = {}) =>
  client.send<Similar>('/api/chorus/similar', { query: { q, ...query } });
const status = (client: PocketBase = pb.admin) => client.send<Status>('/api/chorus/ai/status', {});
const runIndexNow = () => pb.admin.send('/api/crons/chorus_ai_index', { method: 'POST' });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still not done: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
const indexed = (client?: PocketBase) =>
  until(
    () => status(client),
    (s) => s.indexed === s.total && s.stale === 0,
  );

beforeAll(async () => {
  ai = await startAi();
  pb = await startTestPocketBase({ env: aiEnv(ai) });
  actors = await createActors(pb);
  const open = await createBoard(pb, 'public');
  const staffOnly = await createBoard(pb, 'staff');
  darkMode = await createPost(pb, open, actors.member, {
    title: 'Dark mode',
    body: 'Dim colours after sunset.',
  });
  await createPost(pb, open, actors.member, { title: 'Export votes to CSV', body: 'A spreadsheet of every vote.' });
  await createPost(pb, open, actors.member, {
    title: 'Slack notifications when a status changes',
    body: 'Post into our channel.',
  });
  await createPost(pb, open, actors.member, { title: 'Single sign-on with Okta', body: 'SAML or OIDC.' });
  hidden.staffBoard = await createPost(pb, staffOnly, actors.moderator, {
    title: 'Night theme for the admin dashboard',
    body: 'Staff work late too.',
  });
  hidden.unapproved = await createPost(pb, open, actors['other member'], {
    title: 'A night theme for the whole dashboard',
    body: 'Easier on the eyes.',
    approved: false,
  });
  hidden.merged = await createPost(pb, open, actors['other member'], {
    title: 'Night theme',
    body: 'Please.',
    merged_into: darkMode.id,
  });
  await indexed();
}, 120000);
afterAll(async () => {
  await pb?.stop();
  await ai?.stop();
});

describe('similar ideas', () => {
  it('finds an idea that shares no word through its meaning, which search does not find', async () => {
    const q = 'A night theme for the dashboard';
    const { items } = await similar(pb.visitor(), q);
    expect(items[0]).toMatchObject({ id: darkMode.id, title: 'Dark mode', via: 'meaning' });
    const search = await pb.visitor().send<{ items: RecordModel[] }>('/api/chorus/search', { query: { q } });
    expect(search.items.map((post) => post.id)).not.toContain(darkMode.id);
    // words alone (and both) too
    const byWords = await similar(pb.visitor(), 'csv export');
    expect(byWords.items[0]).toMatchObject({ title: 'Export votes to CSV' });
    expect(['words', 'both']).toContain(byWords.items[0]?.via);
  });

  it('shows nothing unrelated, and at most 5', async () => {
    expect((await similar(pb.visitor(), 'Quarterly invoices in euros')).items).toEqual([]);
    expect(
      (await similar(pb.visitor(), 'dark night theme dashboard', { limit: '50' })).items.length,
    ).toBeLessThanOrEqual(5);
  });

  it('takes hostile text as plain words: FTS syntax, quotes, a huge title, emoji only, a bad limit', async () => {
    for (const q of [
      '"',
      '*',
      'dark AND (',
      'NEAR(dark mode, 2)',
      "'; DROP TABLE posts; --",
      '🌙🌙',
      'x'.repeat(20_000),
    ]) {
      const answer = await similar(pb.visitor(), q, { limit: 'NaN', board: '" OR 1=1' });
      expect(Array.isArray(answer.items), q.slice(0, 20)).toBe(true);
      expect(answer.items.length).toBeLessThanOrEqual(5);
    }
    expect((await similar(pb.visitor(), 'dark mode', { board: '" OR 1=1' })).items).toEqual([]);
  });

  it('never shows a visitor or member an idea on a private board, unapproved or merged', async () => {
    const never = new Set(Object.values(hidden).map((post) => post.id));
    for (const q of ['Night theme for the admin dashboard', 'A night theme for the whole dashboard', 'Night theme']) {
      for (const client of [pb.visitor(), actors.member, actors['blocked moderator']]) {
        const { items } = await similar(client, q, { limit: '5' });
        expect(items.filter((item) => never.has(item.id))).toEqual([]);
      }
    }
    // staff see the staff board's idea and the one waiting for approval, never a merged one
    const staff = await similar(actors.moderator, 'Night theme for the admin dashboard', { limit: '5' });
    expect(staff.items.map((item) => item.id)).toEqual(
      expect.arrayContaining([hidden.staffBoard.id, hidden.unapproved.id]),
    );
    expect(staff.items.map((item) => item.id)).not.toContain(hidden.merged.id);
    // its author sees their own idea waiting for approval
    const author = await similar(actors['other member'], 'A night theme for the whole dashboard', { limit: '5' });
    expect(author.items.map((item) => item.id)).toContain(hidden.unapproved.id);
  });

  it('tells staff the indexing progress, and nobody else', async () => {
    const s = await status(actors.moderator);
    expect(s).toMatchObject({ configured: true, provider: 'openai-compatible', model: 'use-lite-en', dims: 512 });
    // The local model's calibration (pb_hooks/ai/calibrations.js): its points, lower than the strict defaults.
    expect(s).toMatchObject({ stale: 0, calibrated: true });
    expect(s.thresholds.hint).toBeLessThan(0.6);
    expect(s.thresholds.alone).toBeLessThan(0.9);
    expect(s.indexed).toBe(s.total);
    expect(s.total).toBe(6); // every idea but the merged one
    expect(await attempt(() => status(pb.visitor()))).toBe(false);
    expect(await attempt(() => status(actors.member))).toBe(false);
    expect(await attempt(() => status(actors['blocked admin']))).toBe(false);
  });

  it('re-embeds an idea whose title changed, and not one saved unchanged', async () => {
    const board = await createBoard(pb, 'public');
    const idea = await createPost(pb, board, actors.member, { title: 'Keyboard shortcuts', body: 'J and K to move.' });
    await indexed();
    const before = ai.calls.inputs;
    await pb.admin.collection('posts').update(idea.id, { pinned: true });
    await runIndexNow();
    await indexed();
    expect(ai.calls.inputs).toBe(before);
    await pb.admin.collection('posts').update(idea.id, { title: 'Hotkeys to move between ideas' });
    await indexed();
    expect(ai.calls.inputs).toBe(before + 1);
    expect((await similar(pb.visitor(), 'hotkeys', { board: board.id })).items.map((item) => item.id)).toEqual([
      idea.id,
    ]);
  });

  it('saves ideas while the provider refuses or answers garbage, logs it and indexes them later', async () => {
    const board = await createPost(pb, await createBoard(pb, 'public'), actors.member, { title: 'Unused' });
    expect(board.id).toBeTruthy();
    for (const how of ['error', 'garbage'] as const) {
      ai.fail(how);
      const idea = await createPost(pb, await createBoard(pb, 'public'), actors.member, {
        title: `Offline mode ${how}`,
        body: 'Keep working without a connection.',
      });
      expect(idea.id).toBeTruthy();
      const s = await until(
        () => status(),
        (value) => value.lastError !== '',
      );
      expect(s.indexed).toBeLessThan(s.total);
      // similar ideas still answer, by words
      const { items } = await similar(pb.visitor(), `Offline mode ${how}`);
      expect(items[0]).toMatchObject({ id: idea.id, via: 'words' });
      const logs = await until(
        () => pb.admin.logs.getList(1, 5, { filter: 'message ~ "AI"' }),
        (list) => list.totalItems > 0,
      );
      expect(logs.items.map((log) => log.message).join(' ')).toMatch(/provider failed/);
      ai.fail('none');
      await runIndexNow();
      await indexed();
    }
  });

  it('puts first an idea holding every typed word, even before it is indexed, above ideas near in meaning sharing one', async () => {
    const board = await createBoard(pb, 'public');
    for (const title of [
      'Offline mode',
      'Work offline on a plane',
      'Offline sync for field agents',
      'Use the app offline',
    ])
      await createPost(pb, board, actors.member, { title, body: 'Without a connection.' });
    await indexed();
    // The new idea waits for its vector (as it does for a moment after every post); the typed title is embedded.
    ai.fail('error', 'mobile app qzv7rare');
    const fresh = await createPost(pb, board, actors.member, { title: 'Offline mode for the mobile app qzv7rare' });
    try {
      const { items } = await similar(pb.visitor(), 'offline qzv7rare', { board: board.id });
      expect(items[0]).toMatchObject({ id: fresh.id, via: 'words' });
      // the others share one word and are near in meaning: found by both
      expect(items.slice(1).map((item) => item.via)).toEqual(['both', 'both']);
    } finally {
      ai.fail('none');
    }
    await runIndexNow();
    await indexed();
    expect((await similar(pb.visitor(), 'offline qzv7rare', { board: board.id })).items[0]?.id).toBe(fresh.id);
  });

  it('gives one address 60 suggestions by meaning a minute, words after', async () => {
    const one = pb.visitor();
    const q = 'A night theme for the dashboard';
    for (let i = 0; i < 60; i++) expect((await similar(one, q)).items[0]?.id).toBe(darkMode.id);
    expect((await similar(one, q)).items).toEqual([]);
    expect((await similar(one, 'csv export')).items[0]).toMatchObject({ via: 'words' });
    expect((await similar(pb.visitor(), q)).items[0]?.id).toBe(darkMode.id);
  });

  it('forgets a deleted idea', async () => {
    const board = await createBoard(pb, 'public');
    const idea = await createPost(pb, board, actors.member, {
      title: 'Gantt chart of the roadmap',
      body: 'Timelines.',
    });
    await indexed();
    const near = () => similar(pb.visitor(), 'Gantt chart of the roadmap', { board: board.id });
    expect((await near()).items.map((item) => item.id)).toEqual([idea.id]);
    await pb.admin.collection('posts').delete(idea.id);
    expect((await near()).items).toEqual([]);
    expect((await status()).total).toBe((await indexed()).indexed);
  });

  it('re-indexes every idea in the background when the model changes; a model without a calibration is strict', async () => {
    // The operator's own hint point, as CHORUS_AI_MIN_SIMILARITY lets them set it; the queue's are the strict ones.
    await pb.restart({ ...aiEnv(ai, 'use-lite-en-2'), CHORUS_AI_MIN_SIMILARITY: '0.4' });
    const changed = await status();
    expect(changed).toMatchObject({ configured: true, model: 'use-lite-en-2', indexed: 0, calibrated: false });
    expect(changed.thresholds).toEqual({ hint: 0.4, floor: 0.7, alone: 0.9 });
    expect(changed.stale).toBe(changed.total);
    await runIndexNow();
    const done = await indexed();
    expect(done).toMatchObject({ model: 'use-lite-en-2', dims: 512, stale: 0 });
    const { items } = await similar(pb.visitor(), 'A night theme for the dashboard');
    expect(items[0]).toMatchObject({ id: darkMode.id, via: 'meaning' });
  });
});

describe('without a provider', () => {
  let bare: TestPocketBase;
  beforeAll(async () => {
    bare = await startTestPocketBase();
  });
  afterAll(() => bare?.stop());

  it('suggests by words alone, and saves ideas as ever', async () => {
    const member = await bare.actor('member');
    const board = await createBoard(bare, 'public');
    const idea = await createPost(bare, board, member, { title: 'Dark mode', body: 'Black background.' });
    expect((await similar(bare.visitor(), 'A night theme for the dashboard')).items).toEqual([]);
    expect((await similar(bare.visitor(), 'dark')).items).toEqual([
      expect.objectContaining({ id: idea.id, via: 'words' }),
    ]);
    const s = await status(bare.admin);
    expect(s).toMatchObject({ configured: false, model: '', indexed: 0, stale: 0, total: 1 });
  });
});
