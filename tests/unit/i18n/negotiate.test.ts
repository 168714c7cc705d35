// Who sees which language: member choice, picked cookie, browser (when allowed), site default.
import { describe, expect, it } from 'vitest';
import { formatMessage } from '../../../src/i18n/format';
import { localeOfTag, negotiateLocale } from '../../../src/i18n/locales';
import { resolveLocale } from '../../../src/i18n/resolve';

describe('Accept-Language', () => {
  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['en;q=0.5, ja;q=0.9', 'ja'],
    ['pt', 'pt-BR'],
    ['pt-PT,pt;q=0.9', 'pt-BR'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh-TW', 'zh-TW'],
    ['zh-Hant-HK', 'zh-TW'],
    ['he-IL', 'he'],
    ['ar-EG;q=0.7, xx', 'ar'],
    ['sv-SE, *;q=0.1', 'sv'],
    ['ko-KR, *;q=0.1', 'ko'],
    ['fa-IR', 'fa'],
    ['fi-FI, *;q=0.1', null],
    ['', null],
    ['de;q=0, fr', 'fr'],
    ['de;q=abc', 'de'],
  ])('%s → %s', (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });

  it('maps tags case-insensitively', () => {
    expect(localeOfTag('PT-br')).toBe('pt-BR');
  });
});

describe('resolveLocale', () => {
  const base = {
    memberLocale: null,
    cookieHeader: null,
    acceptLanguage: 'de',
    siteLocale: 'fr',
    browserAllowed: false,
  };
  it('uses the site default unless the browser may choose', () => {
    expect(resolveLocale(base)).toEqual({ locale: 'fr', source: 'site' });
    expect(resolveLocale({ ...base, browserAllowed: true })).toEqual({ locale: 'de', source: 'browser' });
  });
  it('prefers the picked language, then the member’s own', () => {
    const picked = { ...base, cookieHeader: 'a=1; chorus_lang=ja', browserAllowed: true };
    expect(resolveLocale(picked)).toEqual({ locale: 'ja', source: 'cookie' });
    expect(resolveLocale({ ...picked, memberLocale: 'he' })).toEqual({ locale: 'he', source: 'member' });
  });
  it('ignores an unknown cookie or site value', () => {
    expect(resolveLocale({ ...base, cookieHeader: 'chorus_lang=xx', siteLocale: 'klingon' }).locale).toBe('en');
  });
});

describe('formatMessage', () => {
  it('chooses plural forms by Intl.PluralRules and formats numbers', () => {
    const votes = {
      zero: 'لا أصوات',
      one: 'صوت واحد',
      two: 'صوتان',
      few: '{count} أصوات',
      many: '{count} صوتًا',
      other: '{count} صوت',
    };
    expect(formatMessage('ar', votes, { count: 0 })).toBe('لا أصوات');
    expect(formatMessage('ar', votes, { count: 2 })).toBe('صوتان');
    expect(formatMessage('en', { one: '{count} vote', other: '{count} votes' }, { count: 1204 })).toBe('1,204 votes');
    expect(formatMessage('de', '{count} Stimmen', { count: 1204 })).toBe('1.204 Stimmen');
  });
  it('leaves unknown placeholders visible', () => {
    expect(formatMessage('en', 'Hi {name}', {})).toBe('Hi {name}');
  });
});
