// The browser stores against a real PocketBase: optimistic votes and comments, rollback with a toast
// when the server refuses, and the composer keeping the draft. (A minimal document and localStorage
// stand in for the browser; PocketBase is real.)
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../support/pocketbase';
import { type Actors, createActors, createBoard, createPost, idOf } from '../support/world';

let pb: TestPocketBase;
let actors: Actors;
let board: RecordModel;
let stores: {
  posts: typeof import('../../src/stores/posts');
  votes: typeof import('../../src/stores/votes');
  comments: typeof import('../../src/stores/comments');
  composer: typeof import('../../src/stores/composer');
  toast: typeof import('../../src/stores/toast');
  client: typeof import('../../src/lib/pb/client');
};

beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
  const storage = new Map<string, string>();
  Object.assign(globalThis, {
    document: { querySelector: () => ({ content: pb.url }), cookie: '' },
    // Live updates are tested end to end (tests/e2e): here the stream simply never opens.
    EventSource: class {
      addEventListener() {}
      close() {}
    },
    location: { protocol: 'http:', pathname: '/', search: '', assign() {} },
    localStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => storage.set(k, v),
      removeItem: (k: string) => storage.delete(k),
    },
  });
  stores = {
    posts: await import('../../src/stores/posts'),
    votes: await import('../../src/stores/votes'),
    comments: await import('../../src/stores/comments'),
    composer: await import('../../src/stores/composer'),
    toast: await import('../../src/stores/toast'),
    client: await import('../../src/lib/pb/client'),
  };
});
afterAll(() => pb?.stop());

function signInAs(name: keyof Actors) {
  const from = actors[name].authStore;
  stores.client.getBrowserClient().authStore.save(from.token, from.record);
}

beforeEach(() => {
  stores.toast.dismissToast();
  signInAs('member');
});

const live = { vote_count: 0, comment_count: 0, status: '', locked: false };

describe('toggleVote', () => {
  it('counts the vote at once and keeps it when the server accepts', async () => {
    const post = await createPost(pb, board, actors['other member']);
    stores.posts.trackPost(post.id, live);
    const pending = stores.votes.toggleVote(post.id);
    expect(stores.posts.$posts.get()[post.id]?.vote_count).toBe(1);
    await pending;
    expect(stores.votes.$myVotes.get()[post.id]).toMatch(/^[a-z0-9]{15}$/);
    expect((await pb.admin.collection('posts').getOne(post.id)).vote_count).toBe(1);
    await stores.votes.toggleVote(post.id);
    expect(stores.votes.$myVotes.get()[post.id]).toBeUndefined();
    expect(stores.posts.$posts.get()[post.id]?.vote_count).toBe(0);
    expect((await pb.admin.collection('posts').getOne(post.id)).vote_count).toBe(0);
  });

  it('rolls back with a toast when the server refuses (the idea was locked meanwhile)', async () => {
    const post = await createPost(pb, board, actors['other member']);
    stores.posts.trackPost(post.id, live);
    await pb.admin.collection('posts').update(post.id, { locked: true });
    await stores.votes.toggleVote(post.id);
    expect(stores.posts.$posts.get()[post.id]?.vote_count).toBe(0);
    expect(stores.votes.$myVotes.get()[post.id]).toBeUndefined();
    expect(stores.toast.$toast.get()?.message).toMatch(/^Your vote was not counted\./);
  });

  it('tells a blocked member why nothing happens', async () => {
    const post = await createPost(pb, board, actors['other member']);
    stores.posts.trackPost(post.id, live);
    signInAs('blocked member');
    await stores.votes.toggleVote(post.id);
    expect(stores.toast.$toast.get()?.message).toContain('blocked');
    expect(stores.posts.$posts.get()[post.id]?.vote_count).toBe(0);
  });
});

describe('addComment', () => {
  it('shows the comment at once, then the saved one', async () => {
    const post = await createPost(pb, board, actors['other member']);
    stores.comments.$commentsPost.set(post.id);
    stores.comments.$comments.set([]);
    const pending = stores.comments.addComment('Hello there');
    expect(stores.comments.$comments.get()).toMatchObject([{ body: 'Hello there', pending: true }]);
    expect(await pending).toBe(true);
    const [saved] = stores.comments.$comments.get();
    expect(saved?.pending).toBeUndefined();
    expect(saved?.author.id).toBe(idOf(actors.member));
  });

  it('keeps one copy of a multi-line comment, as typed, when its live event races the save', async () => {
    const post = await createPost(pb, board, actors['other member']);
    const stop = stores.comments.startComments(post.id, []);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await stores.comments.addComment('First line\nsecond line')).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(stores.comments.$comments.get()).toMatchObject([{ body: 'First line\nsecond line' }]);
      expect(stores.comments.$comments.get()[0]?.pending).toBeUndefined();
    } finally {
      stop();
    }
  });

  it('takes the comment back and says why when the idea is locked', async () => {
    const post = await createPost(pb, board, actors['other member']);
    await pb.admin.collection('posts').update(post.id, { locked: true });
    stores.comments.$commentsPost.set(post.id);
    stores.comments.$comments.set([]);
    expect(await stores.comments.addComment('Too late')).toBe(false);
    expect(stores.comments.$comments.get()).toEqual([]);
    expect(stores.toast.$toast.get()?.message).toMatch(/^Your comment was not posted\./);
  });
});

describe('the composer', () => {
  it('keeps the draft and explains a missing title', async () => {
    stores.composer.openComposer(board.id);
    stores.composer.updateDraft({ body: 'Only a body' });
    expect(await stores.composer.submitIdea()).toBeNull();
    expect(stores.composer.$errors.get().title).toBe('Give your idea a title.');
    stores.composer.openComposer(board.id);
    expect(stores.composer.$draft.get()).toEqual({ title: '', body: 'Only a body' });
  });

  it('posts the idea and clears the draft', async () => {
    stores.composer.openComposer(board.id);
    stores.composer.updateDraft({ title: 'A store-made idea', body: 'Body' });
    const id = await stores.composer.submitIdea();
    expect(id).toMatch(/^[a-z0-9]{15}$/);
    expect((await pb.admin.collection('posts').getOne(id as string)).title).toBe('A store-made idea');
    stores.composer.openComposer(board.id);
    expect(stores.composer.$draft.get()).toEqual({ title: '', body: '' });
  });
});
