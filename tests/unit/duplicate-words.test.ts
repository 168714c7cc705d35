// How alike two titles are (pb_hooks/duplicates/): their words in every script, the overlap, the combined score
// with and without semantic evidence, and the search query that finds candidates sharing any word.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// pb_hooks files are CommonJS for PocketBase's JSVM, while this package is ESM: evaluate them as PocketBase does.
type Exports = Record<string, unknown>;
const loaded: Record<string, Exports> = {};
function load(path: string): Exports {
  if (loaded[path]) return loaded[path];
  const hookModule = { exports: {} as Exports };
  const source = readFileSync(new URL(`../../pb_hooks/${path}`, import.meta.url), 'utf8');
  new Function('module', 'require', '__hooks', source)(
    hookModule,
    (name: string) => load(name.replace('HOOKS/', '')),
    'HOOKS',
  );
  loaded[path] = hookModule.exports;
  return hookModule.exports;
}
const words = load('ideas/title-words.js') as unknown as {
  wordsOf(text: string): string[];
  overlap(a: string[], b: string[]): { score: number; shared: string[] };
};
const candidates = load('duplicates/candidates.js') as unknown as {
  THRESHOLD: number;
  combinedScore(lexical: number, semantic: number, points: { floor: number; alone: number }): number;
  reasonOf(found: { shared: string[]; semantic: number; floor: number }): string;
  isBorderline(found: { semantic: number; score: number; alone: number }): boolean;
};
const search = load('ideas/search-query.js') as unknown as {
  toFtsAnyQuery(terms: string[]): { words: string; substrings: string; shortSubstrings: string[] };
};
const alike = (a: string, b: string) => words.overlap(words.wordsOf(a), words.wordsOf(b));

describe('wordsOf and overlap', () => {
  it('pairs "Export reports to CSV" with "Export report as CSV file": short words out, a plural’s s dropped', () => {
    expect(words.wordsOf('Export reports to CSV!')).toEqual(['export', 'report', 'csv']);
    const { score, shared } = alike('Export reports to CSV', 'Export report as CSV file');
    expect(shared).toEqual(['export', 'report', 'csv']);
    expect(score).toBe(0.75);
    expect(score).toBeGreaterThanOrEqual(candidates.THRESHOLD);
  });
  it('keeps two titles sharing one word of three apart', () => {
    expect(alike('Dark mode', 'Dark theme').score).toBeLessThan(candidates.THRESHOLD);
    expect(alike('Calendar sync', 'Slack notifications').score).toBe(0);
  });
  it('compares unspaced scripts by pairs of characters, and other scripts by words without marks', () => {
    expect(words.wordsOf('深色模式')).toEqual(['深色', '色模', '模式']);
    expect(alike('深色模式', '支持深色模式').score).toBe(0.6);
    expect(alike('كِتَاب جديد', 'كتاب جديد').score).toBe(1);
    expect(alike('Тёмная тема', 'тёмная тема для сайта').shared).toEqual(['тёмная', 'тема']);
  });
});

describe('combinedScore', () => {
  const points = { floor: 0.6, alone: 0.8 };
  it('is the lexical score alone without semantic evidence', () => {
    expect(candidates.combinedScore(0.75, 0, points)).toBe(0.75);
    expect(candidates.combinedScore(0.4, 0.55, points)).toBe(0.4); // a cosine under the floor says nothing
  });
  it("lets the model's `alone` cosine reach the threshold by itself, and two moderate signals add up", () => {
    expect(candidates.combinedScore(0, 0.8, points)).toBe(0.5);
    expect(candidates.combinedScore(0.333, 0.75, points)).toBeGreaterThan(candidates.THRESHOLD);
    expect(candidates.combinedScore(1, 1, points)).toBe(1);
  });
  it("reads the same cosine on each model's own scale", () => {
    const spread = { floor: 0.7, alone: 0.9 }; // a model whose unrelated texts sit higher (the strict default)
    expect(candidates.combinedScore(0, 0.8, spread)).toBeLessThan(candidates.THRESHOLD);
    expect(candidates.combinedScore(0, 0.9, spread)).toBe(0.5);
    expect(candidates.combinedScore(0, 0.65, spread)).toBe(0);
  });
  it('says why in words', () => {
    expect(candidates.reasonOf({ shared: ['dark', 'mode'], semantic: 0, floor: 0.6 })).toBe(
      'shares the words dark, mode',
    );
    expect(candidates.reasonOf({ shared: [], semantic: 0.834, floor: 0.6 })).toBe('similar in meaning (0.83)');
    expect(candidates.reasonOf({ shared: ['csv'], semantic: 0.834, floor: 0.6 })).toBe(
      'shares the words csv; similar in meaning (0.83)',
    );
    expect(candidates.reasonOf({ shared: ['tema'], semantic: 0.65, floor: 0.7 })).toBe('shares the words tema');
  });
  it('asks the chat model about borderline pairs only: not those meaning alone or most words already queue', () => {
    const alone = 0.873;
    expect(candidates.isBorderline({ semantic: 0, score: 0.67, alone })).toBe(true);
    expect(candidates.isBorderline({ semantic: 0.8, score: 0.6, alone })).toBe(true);
    expect(candidates.isBorderline({ semantic: 0.9, score: 0.5, alone })).toBe(false);
    expect(candidates.isBorderline({ semantic: 0, score: 0.8, alone })).toBe(false);
    expect(candidates.isBorderline({ semantic: 0, score: 1, alone })).toBe(false);
  });
});

describe('toFtsAnyQuery', () => {
  it('asks for any word as a prefix, any 3 characters of unspaced text, and short unspaced terms by LIKE', () => {
    expect(search.toFtsAnyQuery(['export', 'report'])).toEqual({
      words: '"export"* OR "report"*',
      substrings: '',
      shortSubstrings: [],
    });
    expect(search.toFtsAnyQuery(['深色模式', '模式'])).toEqual({
      words: '',
      substrings: '"深色模" OR "色模式"',
      shortSubstrings: ['模式'],
    });
  });
});
