// Every locale has exactly English's keys, the same placeholders and all its plural forms; every
// English key is used by some code.
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/i18n/locales';
import { compareLocale, localeCodes, unusedKeys } from '../../../tools/lib/i18n/check.mjs';

describe('message files', () => {
  it('exist for exactly the supported locales', () => {
    expect(localeCodes()).toEqual([...LOCALES].sort());
  });

  for (const code of LOCALES.filter((c) => c !== 'en')) {
    it(`${code} matches English key for key`, () => {
      expect(compareLocale(code)).toEqual({ missing: [], extra: [], placeholders: [], plurals: [] });
    });
  }

  it('catches a missing key, an extra key, a lost placeholder and a missing plural form', () => {
    const english = { 'a.x': 'X {name}', 'a.y': 'Y', 'a.n': { one: '{count} vote', other: '{count} votes' } };
    const broken = { 'a.x': 'X', 'a.z': 'Z', 'a.n': { one: 'صوت', other: '{count}' } };
    const found = compareLocale('ar', english, broken);
    expect(found.missing).toEqual(['a.y']);
    expect(found.extra).toEqual(['a.z']);
    expect(found.placeholders).toEqual(['a.x: expected {name}, found {}']);
    expect(found.plurals).toEqual(['a.n: lacks the zero, two, few, many form(s)']);
  });

  it('has no English key that no code uses', () => {
    expect(unusedKeys()).toEqual([]);
  });
});
