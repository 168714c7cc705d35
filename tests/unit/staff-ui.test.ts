// Pure helpers behind the staff UI: notification wording and links, release slugs, admin rows.
import { describe, expect, it } from 'vitest';
import { slugify } from '../../src/features/changelog/slug';
import { describeNotification } from '../../src/features/notifications/notification-text';
import { pickRow } from '../../src/features/site/admin-data';
import type { NotificationRecord } from '../../src/lib/pb/staff-types';

const base = {
  id: 'n1',
  collectionId: 'c',
  collectionName: 'notifications',
  created: '2026-11-22 05:00:00.000Z',
  updated: '2026-11-22 05:00:00.000Z',
  user: 'u1',
  post: 'p1',
  comment: '',
  entry: '',
  actor: 'a1',
  read_at: '',
} satisfies Omit<NotificationRecord, 'kind'>;

describe('describeNotification', () => {
  it('names the actor and the idea, and links to the idea', () => {
    const n: NotificationRecord = {
      ...base,
      kind: 'status',
      expand: { actor: { name: 'Morgan' } as never, post: { title: 'Dark mode' } as never },
    };
    expect(describeNotification(n)).toEqual({ text: 'Morgan changed the status of “Dark mode”', href: '/p/p1' });
  });

  it('links a release to its changelog entry', () => {
    const n: NotificationRecord = {
      ...base,
      kind: 'release',
      entry: 'e1',
      expand: { post: { title: 'Dark mode' } as never, entry: { slug: 'lumen-2-4', title: 'Lumen 2.4' } as never },
    };
    expect(describeNotification(n)).toEqual({ text: '“Dark mode” shipped in Lumen 2.4', href: '/changelog/lumen-2-4' });
  });

  it('falls back when the actor or idea is gone', () => {
    expect(describeNotification({ ...base, kind: 'comment' }).text).toBe('The team commented on “an idea”');
  });
});

describe('slugify', () => {
  it.each([
    ['Dark mode, at last!', 'dark-mode-at-last'],
    ['  Lumen 2.4: faster  ', 'lumen-2-4-faster'],
    ['Café crème', 'cafe-creme'],
    ['!!!', ''],
  ])('%s → %s', (title, slug) => expect(slugify(title)).toBe(slug));

  it('keeps slugs to 80 characters without a trailing dash', () => {
    const slug = slugify(`${'a'.repeat(79)} b`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('pickRow', () => {
  it('keeps only the asked fields, with blanks for missing ones', () => {
    expect(pickRow({ id: 'b1', name: 'Bugs', secret: 'x' }, ['name', 'slug'])).toEqual({
      id: 'b1',
      name: 'Bugs',
      slug: '',
    });
  });
});
