// Each edge topic names the PocketBase topic that carries the same records (staff, and pages without an edge).
import { describe, expect, it } from 'vitest';
import { pocketBaseSource } from '../../../src/lib/live/pocketbase-source';

describe('pocketBaseSource', () => {
  it.each([
    ['idea:abc123def456ghi', { collection: 'post_live', topic: 'abc123def456ghi' }],
    ['ideas', { collection: 'post_live', topic: '*' }],
    ['comments:abc123def456ghi', { collection: 'comments', topic: '*', filter: 'post = "abc123def456ghi"' }],
    ['reactions:abc123def456ghi', { collection: 'reactions', topic: '*', filter: 'comment.post = "abc123def456ghi"' }],
    ['releases', { collection: 'changelog_entries', topic: '*' }],
  ])('%s', (topic, source) => {
    expect(pocketBaseSource(topic)).toEqual(source);
  });

  it('keeps anything but an id out of a filter', () => {
    expect(pocketBaseSource('comments:x" || id != "').filter).toBe('post = "xid"');
  });
});
