// The admin and staff words: sentences with a link or code element inside keep their order per
// language, and counted phrases take each language's plural forms.
import { describe, expect, it } from 'vitest';
import arabic from '../../../locales/ar.json';
import english from '../../../locales/en.json';
import hebrew from '../../../locales/he.json';
import japanese from '../../../locales/ja.json';
import { formatMessage, formatNumber, type Message } from '../../../src/i18n/format';
import { messageParts } from '../../../src/lib/message-parts';

describe('messageParts', () => {
  it('splits a sentence around its unfilled placeholders, in the order the translator wrote them', () => {
    expect(messageParts(formatMessage('en', english.adminWebhooks.summarySigned, { events: 'Idea posted' }))).toEqual([
      { text: 'Signed webhook to ' },
      { slot: 'url' },
      { text: ': Idea posted' },
    ]);
    expect(
      messageParts(formatMessage('ja', japanese.adminWebhooks.summarySigned, { events: 'アイデアの投稿' })),
    ).toEqual([{ slot: 'url' }, { text: ' への署名付き Webhook：アイデアの投稿' }]);
  });

  it('gives a sentence without placeholders back whole, and nothing for an empty one', () => {
    expect(messageParts('Active.')).toEqual([{ text: 'Active.' }]);
    expect(messageParts('')).toEqual([]);
  });
});

describe('counted admin and staff phrases', () => {
  const votes = (locale: 'en' | 'ar' | 'he', messages: { staffMerge: { votes: Message } }, count: number) =>
    formatMessage(locale, messages.staffMerge.votes, { count });

  it('uses Arabic’s six plural forms, with numbers written as the locale writes them', () => {
    const n = (count: number) => formatNumber('ar', count);
    expect([0, 1, 2, 3, 11, 100].map((count) => votes('ar', arabic, count))).toEqual([
      '(لا أصوات)',
      '(صوت واحد)',
      '(صوتان)',
      `(${n(3)} أصوات)`,
      `(${n(11)} صوتًا)`,
      `(${n(100)} صوت)`,
    ]);
  });

  it('uses Hebrew’s dual and English’s one/other', () => {
    expect([1, 2, 5].map((count) => votes('he', hebrew, count))).toEqual(['(קול אחד)', '(שני קולות)', '(5 קולות)']);
    expect([1, 1204].map((count) => votes('en', english, count))).toEqual(['(1 vote)', '(1,204 votes)']);
  });

  it('says how many members the admin list holds, and that only 50 are shown', () => {
    expect(formatMessage('en', english.pageAdmin.membersCountFirst50, { count: 51 })).toBe(
      '51 members (first 50 shown)',
    );
    expect(formatMessage('ar', arabic.pageAdmin.membersCountFirst50, { count: 103 })).toBe(
      `${formatNumber('ar', 103)} أعضاء (يُعرض أول 50)`,
    );
  });
});
