// The Worker refuses a published change that is not public or not well formed (a forged or buggy body), and each
// public change reaches the topics of exactly the pages that show it.
import { describe, expect, it } from 'vitest';
import { type Change, topicsOf } from '../../../src/lib/live/protocol';
import { isPublicChange } from '../../../src/lib/live/public-change';

const IDEA = 'abcdefghij12345';
const COMMENT = 'comment12345678';
const SEQ = 1_795_443_023_411_000;

const idea: Change = {
  seq: SEQ,
  collection: 'post_live',
  action: 'update',
  record: { id: IDEA, title: 'Dark mode', vote_count: 3 },
};
const comment: Change = {
  seq: SEQ,
  collection: 'comments',
  action: 'create',
  post: IDEA,
  record: { id: COMMENT, post: IDEA, body: 'Yes please', internal: false, hidden: false },
};
const reaction: Change = {
  seq: SEQ,
  collection: 'reactions',
  action: 'create',
  post: IDEA,
  record: { id: 'reaction1234567', comment: COMMENT, emoji: '👍' },
};
const release: Change = {
  seq: SEQ,
  collection: 'changelog_entries',
  action: 'create',
  record: { id: 'release12345678', title: 'Dark mode is here', state: 'published' },
};

describe('isPublicChange accepts', () => {
  it.each([
    ["an idea's live copy", idea],
    ['a public comment', comment],
    ['a reaction on a public comment', reaction],
    ['a published release', release],
    ['an idea leaving the public (its id only)', { ...idea, action: 'delete', record: { id: IDEA } }],
    ['a comment turning hidden, as a delete', { ...comment, action: 'delete', record: { id: COMMENT, hidden: true } }],
    [
      'an internal comment leaving, as a delete',
      { ...comment, action: 'delete', record: { id: COMMENT, internal: true } },
    ],
    ['a release unpublished, as a delete', { ...release, action: 'delete', record: { id: release.record.id } }],
  ])('%s', (_, change) => {
    expect(isPublicChange(change)).toBe(true);
  });
});

describe('isPublicChange refuses a forged or broken body', () => {
  it.each([
    ['nothing', null],
    ['a string', 'post_live'],
    ['no record', { ...idea, record: undefined }],
    ['an unknown collection', { ...idea, collection: 'votes' }],
    ['a private collection', { ...idea, collection: 'posts' }],
    ['an unknown action', { ...idea, action: 'upsert' }],
    ['a bad id', { ...idea, record: { ...idea.record, id: 'ABC' } }],
    ['an id that is not a string', { ...idea, record: { ...idea.record, id: 12345 } }],
    ['a bad post id', { ...comment, post: '../admin' }],
    ['a negative seq', { ...idea, seq: -1 }],
    ['a zero seq', { ...idea, seq: 0 }],
    ['a seq that is not an integer', { ...idea, seq: 1.5 }],
    ['a seq that is a string', { ...idea, seq: String(SEQ) }],
    ['an internal comment', { ...comment, record: { ...comment.record, internal: true } }],
    ['a hidden comment', { ...comment, record: { ...comment.record, hidden: true } }],
    [
      'an internal comment, as an update',
      { ...comment, action: 'update', record: { ...comment.record, internal: true } },
    ],
    ['a draft release', { ...release, record: { ...release.record, state: 'draft' } }],
    ['a release without a state', { ...release, record: { id: release.record.id, title: 'Soon' } }],
    ['a comment without its idea', { ...comment, post: undefined }],
    ['a reaction without its idea', { ...reaction, post: undefined }],
  ])('%s', (_, change) => {
    expect(isPublicChange(change)).toBe(false);
  });
});

describe('topicsOf', () => {
  it("sends an idea's live copy to its own topic and to the lists", () => {
    expect(topicsOf(idea)).toEqual([`idea:${IDEA}`, 'ideas']);
  });

  it("sends a comment and a reaction to their idea's topics", () => {
    expect(topicsOf(comment)).toEqual([`comments:${IDEA}`]);
    expect(topicsOf(reaction)).toEqual([`reactions:${IDEA}`]);
  });

  it('sends a release to the releases topic', () => {
    expect(topicsOf(release)).toEqual(['releases']);
  });

  it('sends a comment or reaction without its idea nowhere', () => {
    const { post: _, ...orphan } = comment;
    const { post: __, ...orphanReaction } = reaction;
    expect(topicsOf(orphan)).toEqual([]);
    expect(topicsOf(orphanReaction)).toEqual([]);
  });
});
