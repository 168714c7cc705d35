// Shape checks for the labelled duplicate pairs (pb_hooks/calibration/pairs.json: the bench and calibration read them).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Post = { title: string; body: string };
type Pair = { id: string; lang: string; a: Post; b: Post; duplicate: boolean; kind: string; from: string };

const fixture = JSON.parse(readFileSync(new URL('../../pb_hooks/calibration/pairs.json', import.meta.url), 'utf8')) as {
  source: string;
  sources: Record<string, string>;
  pairs: Pair[];
};
const { pairs } = fixture;
const duplicateKinds = ['paraphrase', 'same-words', 'cross-language'];
const distinctKinds = ['near-miss', 'unrelated'];

describe('duplicate pairs fixture', () => {
  it('says where the pairs come from, each of them, and holds at least 400 of them', () => {
    expect(fixture.source.trim().length).toBeGreaterThan(50);
    for (const text of Object.values(fixture.sources)) expect(text.trim().length).toBeGreaterThan(50);
    for (const pair of pairs) expect(Object.keys(fixture.sources), pair.id).toContain(pair.from);
    expect(pairs.length).toBeGreaterThanOrEqual(400);
  });

  it('pairs English with every shipped locale family in other words (cross-language)', () => {
    const families = readdirSync(new URL('../../locales/', import.meta.url))
      .filter((name) => name.endsWith('.json'))
      .map((name) => (name.replace(/\.json$/, '').split('-')[0] ?? '').toLowerCase())
      .filter((family) => family !== 'en');
    const crossed = new Set(
      pairs.filter((pair) => pair.kind === 'cross-language').flatMap((pair) => pair.lang.split('-')),
    );
    for (const family of families) expect(crossed.has(family), family).toBe(true);
  });

  it('covers at least five base languages and fifteen cross-language pairs', () => {
    const base = new Set(pairs.flatMap((pair) => pair.lang.split('-')));
    expect(base.size).toBeGreaterThanOrEqual(5);
    const cross = pairs.filter((pair) => pair.kind === 'cross-language');
    expect(cross.length).toBeGreaterThanOrEqual(15);
    for (const pair of cross) {
      const [first, second, ...rest] = pair.lang.split('-');
      expect(rest, pair.id).toEqual([]);
      expect(first, pair.id).not.toBe(second);
    }
  });

  it('is 45–65% duplicates, and duplicate agrees with kind', () => {
    const share = pairs.filter((pair) => pair.duplicate).length / pairs.length;
    expect(share).toBeGreaterThanOrEqual(0.45);
    expect(share).toBeLessThanOrEqual(0.65);
    for (const pair of pairs) {
      expect([...duplicateKinds, ...distinctKinds], pair.id).toContain(pair.kind);
      expect(pair.duplicate, pair.id).toBe(duplicateKinds.includes(pair.kind));
    }
  });

  it('has unique ids of the form <lang>-NNN', () => {
    const ids = pairs.map((pair) => pair.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const pair of pairs) expect(pair.id).toMatch(new RegExp(`^${pair.lang}-\\d{3}$`));
  });

  it('has non-empty, different titles in every pair, string bodies, and no pair twice', () => {
    const seen = new Set<string>();
    for (const pair of pairs) {
      expect(pair.a.title.trim(), pair.id).not.toBe('');
      expect(pair.b.title.trim(), pair.id).not.toBe('');
      expect(pair.a.title, pair.id).not.toBe(pair.b.title);
      expect(typeof pair.a.body, pair.id).toBe('string');
      expect(typeof pair.b.body, pair.id).toBe('string');
      const key = JSON.stringify([pair.a, pair.b]);
      expect(seen.has(key), pair.id).toBe(false);
      seen.add(key);
    }
  });
});
