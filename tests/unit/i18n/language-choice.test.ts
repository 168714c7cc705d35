// The footer's language form: only supported codes pass, and `next` never leads off the site.
import { describe, expect, it } from 'vitest';
import { readLanguageChoice } from '../../../src/lib/language-choice';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe('the language picker form', () => {
  it('accepts a supported locale and a same-site page', () => {
    expect(readLanguageChoice(form({ locale: 'pt-BR', next: '/b/features?sort=top' }))).toEqual({
      ok: true,
      locale: 'pt-BR',
      next: '/b/features?sort=top',
    });
  });

  it.each([['xx'], ['EN'], ['pt-br'], ['en;'], ['']])('refuses the unknown code %j', (locale) => {
    expect(readLanguageChoice(form({ locale, next: '/' }))).toEqual({ ok: false });
  });

  it('refuses a form without a locale', () => {
    expect(readLanguageChoice(form({ next: '/roadmap' }))).toEqual({ ok: false });
  });

  it.each([['https://evil.example/'], ['//evil.example'], ['/\\evil.example'], ['javascript:alert(1)']])(
    'sends a hostile next %j home',
    (next) => {
      expect(readLanguageChoice(form({ locale: 'fr', next }))).toEqual({ ok: true, locale: 'fr', next: '/' });
    },
  );

  it.each([
    ['/signin?next=%2Fp%2Fabc', '/signin?next=%2Fp%2Fabc'],
    ['/signup', '/signup'],
    ['/signin#x', '/signin'],
    ['/signin/../..//evil.example', '/'],
    ['/signinx', '/signinx'],
  ])('returns to %j as %j (sign-in pages included)', (next, expected) => {
    expect(readLanguageChoice(form({ locale: 'de', next }))).toEqual({ ok: true, locale: 'de', next: expected });
  });

  it('goes home when next is missing', () => {
    expect(readLanguageChoice(form({ locale: 'ja' }))).toEqual({ ok: true, locale: 'ja', next: '/' });
  });
});
