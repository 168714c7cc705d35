import { describe, expect, it } from 'vitest';
import { readListState, readPostId, toListHref, toSlug } from '../../src/features/ideas/list-query';
import { formatAge } from '../../src/lib/dates';

describe('list state in the URL', () => {
  it('reads defaults and refuses unknown values', () => {
    expect(readListState(new URLSearchParams('sort=evil&page=-3'))).toEqual({
      sort: 'trending',
      status: '',
      tag: '',
      mine: false,
      voted: false,
      q: '',
      page: 1,
      segment: '',
      fields: {},
    });
  });

  it('keeps a segment only when it is a record id (staff-only use is decided by features/segments/segment-view.ts)', () => {
    expect(readListState(new URLSearchParams('segment=abcdefghij12345')).segment).toBe('abcdefghij12345');
    expect(readListState(new URLSearchParams('segment=x" || 1=1')).segment).toBe('');
    const state = readListState(new URLSearchParams('segment=abcdefghij12345&page=2'));
    expect(toListHref('/', state, { sort: 'top' })).toBe('/?sort=top&segment=abcdefghij12345');
  });

  it('keeps custom field filters of the right shape only', () => {
    const params = new URLSearchParams('field.area=Billing&field.Bad%20Key=x&field.long=' + 'x'.repeat(61));
    const state = readListState(params);
    expect(state.fields).toEqual({ area: 'Billing' });
    expect(toListHref('/b/features', state, { sort: 'top' })).toBe('/b/features?sort=top&field.area=Billing');
  });

  it('round-trips and resets the page when a filter changes', () => {
    const state = readListState(new URLSearchParams('sort=top&status=planned&mine=1&page=3&q=dark'));
    expect(toListHref('/b/features', state, { page: 4 })).toBe(
      '/b/features?q=dark&sort=top&status=planned&mine=1&page=4',
    );
    expect(toListHref('/b/features', state, { sort: 'new' })).toBe('/b/features?q=dark&sort=new&status=planned&mine=1');
    expect(toListHref('/', readListState(new URLSearchParams()))).toBe('/');
  });
});

describe('post paths', () => {
  it('reads the id with or without a slug', () => {
    expect(readPostId('abcdefghij12345')).toBe('abcdefghij12345');
    expect(readPostId('abcdefghij12345-dark-mode')).toBe('abcdefghij12345');
    expect(readPostId('abcdefghij12345/dark-mode')).toBe('abcdefghij12345');
    expect(readPostId('short')).toBeNull();
  });

  it('makes readable slugs', () => {
    expect(toSlug('Dark mode for the éditor!')).toBe('dark-mode-for-the-editor');
  });
});

describe('formatAge', () => {
  it('says how long ago', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    expect(formatAge('2026-01-10 11:59:50.000Z', now)).toBe('just now');
    expect(formatAge('2026-01-10 09:00:00.000Z', now)).toBe('3 hours ago');
    expect(formatAge('2026-01-07 12:00:00.000Z', now)).toBe('3 days ago');
  });
});
