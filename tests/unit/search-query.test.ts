// The search query builder: terms in every script, marks removed, and nothing typed can alter the FTS query.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// pb_hooks files are CommonJS for PocketBase's JSVM, while this package is ESM: evaluate the file as PocketBase does.
interface FtsQuery {
  words: string;
  substrings: string;
  shortSubstrings: string[];
}
const hookModule = { exports: {} as { toFtsQuery(text: unknown): FtsQuery } };
new Function('module', readFileSync(new URL('../../pb_hooks/ideas/search-query.js', import.meta.url), 'utf8'))(
  hookModule,
);
const { toFtsQuery } = hookModule.exports;
const none: FtsQuery = { words: '', substrings: '', shortSubstrings: [] };

describe('toFtsQuery', () => {
  it('makes every Latin word a lower-case prefix', () => {
    expect(toFtsQuery('Dark MO')).toEqual({ ...none, words: '"dark"* "mo"*' });
    expect(toFtsQuery('Crème brûlée')).toEqual({ ...none, words: '"crème"* "brûlée"*' });
    expect(toFtsQuery('cafe\u0301')).toEqual({ ...none, words: '"café"*' }); // decomposed input is composed
  });
  it('keeps Arabic and Hebrew words, without tashkeel, niqqud or tatweel', () => {
    expect(toFtsQuery('الوضع الداكن')).toEqual({ ...none, words: '"الوضع"* "الداكن"*' });
    expect(toFtsQuery('كِتَابٌ، جـــميل؟')).toEqual({ ...none, words: '"كتاب"* "جميل"*' });
    expect(toFtsQuery('שָׁלוֹם עוֹלָם')).toEqual({ ...none, words: '"שלום"* "עולם"*' });
    expect(toFtsQuery('מצב־כהה')).toEqual({ ...none, words: '"מצב"* "כהה"*' }); // maqaf separates
  });
  it('matches unspaced scripts as substrings: trigrams from 3 characters, LIKE below', () => {
    expect(toFtsQuery('ダークモード')).toEqual({ ...none, substrings: '"ダークモード"' });
    expect(toFtsQuery('暗色模式、导出')).toEqual({ ...none, substrings: '"暗色模式"', shortSubstrings: ['导出'] });
    expect(toFtsQuery('다크 모드')).toEqual({ ...none, shortSubstrings: ['다크', '모드'] });
    expect(toFtsQuery('iPhone対応 export')).toEqual({
      words: '"export"*',
      substrings: '"iphone対応"',
      shortSubstrings: [],
    });
    expect(toFtsQuery('𠀋𠀋𠀋')).toEqual({ ...none, substrings: '"𠀋𠀋𠀋"' });
  });
  it('drops emoji, symbols and punctuation of every script', () => {
    expect(toFtsQuery('dark 🎉 mode 👍🏽 ✓ → «vite» ¿qué?')).toEqual({
      ...none,
      words: '"dark"* "mode"* "vite"* "qué"*',
    });
    expect(toFtsQuery('👨‍👩‍👧 🇯🇵')).toEqual(none);
    expect(toFtsQuery('「ダーク」。')).toEqual({ ...none, substrings: '"ダーク"' });
  });
  it('turns hostile FTS syntax into plain quoted terms', () => {
    expect(toFtsQuery('"')).toEqual(none);
    expect(toFtsQuery('*')).toEqual(none);
    expect(toFtsQuery('kanban AND (')).toEqual({ ...none, words: '"kanban"* "and"*' });
    expect(toFtsQuery('NEAR(x y, 2)')).toEqual({ ...none, words: '"near"* "x"* "y"* "2"*' });
    expect(toFtsQuery('title:foo -bar ^baz {a b}')).toEqual({
      ...none,
      words: '"title"* "foo"* "bar"* "baz"* "a"* "b"*',
    });
    expect(toFtsQuery("'; DROP TABLE posts; --")).toEqual({ ...none, words: '"drop"* "table"* "posts"*' });
    for (const q of [null, undefined, '', '   ', 42])
      expect(toFtsQuery(q)).toEqual(q === 42 ? { ...none, words: '"42"*' } : none);
  });
  it('bounds the query: at most 8 terms of at most 64 characters', () => {
    expect(toFtsQuery('a b c d e f g h i j').words).toBe('"a"* "b"* "c"* "d"* "e"* "f"* "g"* "h"*');
    expect(toFtsQuery('x'.repeat(500)).words).toBe(`"${'x'.repeat(64)}"*`);
  });
});
