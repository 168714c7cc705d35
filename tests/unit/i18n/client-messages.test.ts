// Which namespaces a page sends to the browser: never server-only ones, admin words on /admin only,
// staff words to staff only, page-bound ones to their pages only.
import { describe, expect, it } from 'vitest';
import type { Messages } from '../../../src/i18n/format';
import { clientMessages } from '../../../src/i18n/messages';

const all: Messages = {
  pageIdea: { a: 'A' },
  emailAuth: { a: 'A' },
  pbErrors: { a: 'A' },
  adminSite: { a: 'A' },
  staffTools: { a: 'A' },
  vote: { a: 'A' },
  signIn: { a: 'A' },
};
const names = (picked: Messages) => Object.keys(picked).sort();

describe('clientMessages', () => {
  it('sends a visitor’s idea page only what its islands say', () => {
    expect(names(clientMessages(all, { admin: false, staff: false, path: '/p/abc' }))).toEqual(['vote']);
  });
  it('adds staff words for staff, and admin words on admin pages', () => {
    expect(names(clientMessages(all, { admin: false, staff: true, path: '/p/abc' }))).toEqual(['staffTools', 'vote']);
    expect(names(clientMessages(all, { admin: true, staff: true, path: '/admin/settings' }))).toEqual([
      'adminSite',
      'staffTools',
      'vote',
    ]);
  });
  it('sends page-bound words to their pages only', () => {
    expect(names(clientMessages(all, { admin: false, staff: false, path: '/signin' }))).toEqual(['signIn', 'vote']);
  });
});
