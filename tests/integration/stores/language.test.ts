// The stores speak the page's language against a real PocketBase: refusal toasts, the composer's field
// messages and PocketBase's own field errors (mapped from their codes), and the member's language
// choice saved to users.locale, a code outside the 22 refused by PocketBase's select field.
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../../src/i18n/locales';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { type Actor, type Actors, createActors, createBoard, createPost, idOf } from '../../support/world';
import { openTab, type Tab } from './tab';

let pb: TestPocketBase;
let actors: Actors;
let board: RecordModel;
const tabs: Tab[] = [];
const live = { vote_count: 0, comment_count: 0, status: '', locked: false };

async function tab(as: Actor, locale: Locale): Promise<Tab> {
  const opened = await openTab(pb.url, actors[as], { locale });
  tabs.push(opened);
  return opened;
}

beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
});
afterAll(async () => {
  for (const t of tabs) t.close();
  await pb?.stop();
});

describe('refusals in the page’s language', () => {
  it('tells a blocked member on a German page, in German, why their vote did nothing', async () => {
    const t = await tab('blocked member', 'de');
    const post = await createPost(pb, board, actors['other member']);
    t.posts.trackPost(post.id, live);
    const result = await t.votes.toggleVote(post.id);
    expect(result.ok).toBe(false);
    expect(t.toast.$toast.get()?.message).toBe(
      'Ihr Konto ist gesperrt: Sie können lesen, aber nichts posten, abstimmen oder kommentieren.',
    );
    expect((await pb.admin.collection('posts').getOne(post.id)).vote_count).toBe(0);
  });

  it('rolls back a vote the server refuses with a Japanese toast on a Japanese page', async () => {
    const t = await tab('member', 'ja');
    const post = await createPost(pb, board, actors['other member']);
    await pb.admin.collection('posts').update(post.id, { locked: true });
    t.posts.trackPost(post.id, live);
    const result = await t.votes.toggleVote(post.id);
    expect(result.ok).toBe(false);
    expect(t.posts.$posts.get()[post.id]?.vote_count).toBe(0);
    // The server's refusal, or the tab's own when the live "locked" update reached it first.
    expect(t.toast.$toast.get()?.message).toMatch(
      /^(投票が反映されませんでした。|このアイデアはロックされています。投票とコメントは締め切られました。$)/,
    );
  });

  it('refuses an empty comment and an untitled idea in Arabic', async () => {
    const t = await tab('member', 'ar');
    const post = await createPost(pb, board, actors['other member']);
    t.comments.startComments(post.id, []);
    const comment = await t.comments.addComment('   ', '', [], false);
    expect(comment.ok ? null : comment.error.message).toBe('اكتب شيئًا أولًا.');
    t.composer.openComposer(board.id);
    t.composer.updateDraft({ title: '', body: 'بلا عنوان' });
    expect((await t.composer.submitIdea()).ok).toBe(false);
    expect(t.composer.$errors.get().title).toBe('أعطِ فكرتك عنوانًا.');
  });
});

describe('PocketBase’s own field errors, mapped from their codes', () => {
  it('shows a too-long idea title refused by PocketBase in French, with its maximum', async () => {
    const t = await tab('member', 'fr');
    // Past the composer's own check (120) would be stopped locally: send straight to the server's limit.
    const error = await actors.member
      .collection('posts')
      .create({ board: board.id, author: idOf(actors.member), title: 'x'.repeat(400), body: '' })
      .then(() => null)
      .catch((e: unknown) => e);
    const { toAppError } = await import('../../../src/lib/pb/errors');
    const mapped = toAppError(error);
    expect(mapped.kind).toBe('validation');
    const fields = mapped.kind === 'validation' ? mapped.fields : {};
    expect(fields.title).toMatch(/^Utilisez au plus \d+ caractères\.$/);
    t.close();
  });
});

describe('the member’s language (settings)', () => {
  it('saves one of the 22 to users.locale, and "Site default" clears it', async () => {
    const t = await tab('member', 'en');
    const id = idOf(actors.member);
    const choose = (locale: string) => {
      const data = new FormData();
      data.set('locale', locale);
      return t.account.saveAccount(id, data);
    };
    expect((await choose('ja')).ok).toBe(true);
    expect((await pb.admin.collection('users').getOne(id)).locale).toBe('ja');
    expect((await choose('')).ok).toBe(true);
    expect((await pb.admin.collection('users').getOne(id)).locale).toBe('');
  });

  it('refuses a code that is not one of the 22, with the message in the page’s language', async () => {
    const t = await tab('other member', 'de');
    const id = idOf(actors['other member']);
    for (const bad of ['xx', 'en-US', 'de;drop', 'ja'.repeat(40)]) {
      const data = new FormData();
      data.set('locale', bad);
      const result = await t.account.saveAccount(id, data);
      expect(result.ok).toBe(false);
      expect(result.ok ? null : result.error).toEqual({
        kind: 'validation',
        message: 'Bitte prüfen Sie das Formular.',
        fields: { locale: 'Wählen Sie eine der angebotenen Optionen.' },
      });
    }
    expect((await pb.admin.collection('users').getOne(id)).locale).toBe('');
  });
});
