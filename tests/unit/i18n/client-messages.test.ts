// Which namespaces a page sends to the browser: never server-only ones, admin words on /admin only,
// staff words to staff only, page-bound ones to their pages only.
import { describe, expect, it } from 'vitest';
import type { Messages } from '../../../src/i18n/format';
import { clientMessages, clientMessagesJson } from '../../../src/i18n/messages';

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
  it('sends customer words (companies, revenue) to staff only', () => {
    const withCustomers = { ...all, customers: { a: 'A' } };
    expect(names(clientMessages(withCustomers, { admin: false, staff: false, path: '/p/abc' }))).toEqual(['vote']);
    expect(names(clientMessages(withCustomers, { admin: false, staff: true, path: '/p/abc' }))).toEqual([
      'customers',
      'staffTools',
      'vote',
    ]);
  });
  it('sends page-bound words to their pages only', () => {
    expect(names(clientMessages(all, { admin: false, staff: false, path: '/signin' }))).toEqual(['signIn', 'vote']);
  });
  it('never sends alert words, and sends asking the voters to staff on an idea only', () => {
    const more = { ...all, alerts: { a: 'A' }, asks: { a: 'A' } };
    expect(names(clientMessages(more, { admin: false, staff: false, path: '/p/abc' }))).toEqual(['vote']);
    expect(names(clientMessages(more, { admin: false, staff: true, path: '/p/abc' }))).toEqual([
      'asks',
      'staffTools',
      'vote',
    ]);
    expect(names(clientMessages(more, { admin: true, staff: true, path: '/admin/alerts' }))).toEqual([
      'adminSite',
      'staffTools',
      'vote',
    ]);
  });
});

describe('clientMessagesJson', () => {
  const messages: Messages = { vote: { a: '</script><b>' }, signIn: { a: 'Sign in' }, staffTools: { a: 'S' } };
  it('is the picked namespaces as JSON, with no "<" that could close the script element', () => {
    const json = clientMessagesJson('en', messages, { admin: false, staff: false, path: '/p/abc' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ locale: 'en', messages: { vote: { a: '</script><b>' } } });
  });
  it('answers each page for what that page needs, when pages ask in turn', () => {
    const visitor = { admin: false, staff: false, path: '/p/abc' };
    const staff = { admin: false, staff: true, path: '/p/abc' };
    const signIn = { admin: false, staff: false, path: '/signin' };
    for (const options of [visitor, staff, signIn, visitor, signIn, staff]) {
      expect(JSON.parse(clientMessagesJson('en', messages, options))).toEqual({
        locale: 'en',
        messages: clientMessages(messages, options),
      });
    }
  });
});
