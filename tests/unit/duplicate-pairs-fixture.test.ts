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

// Words that say nothing about the need, in the languages of the pairs (a small list: what is left are content words).
const stopWords = new Set(
  [
    'a an the and or of to in on for with at by from is are be it this that as i we you my our your me us can could',
    'would should will not no do does please when if so but all any some more than into via per its have has was',
    'also there their them they get let just need want like',
    'der die das und oder ein eine einen einem einer zu im am auf für mit von ist sind nicht es ich wir man den dem',
    'des bei aus auch wenn bitte als wie kann können noch nach dass sich mein unsere unser',
    'le la les un une du de et ou à au aux en pour par sur avec dans est sont pas ne je nous que qui il elle ce',
    'cette ses son sa mes mon nos votre vos plus se être avoir peut pouvoir quand',
    'el los las una unos unas del y al para por con sin es son lo mi mis nuestro nuestra su sus más poder puede',
    'os as um uma do da dos das em na nos nas com sem é são não meu minha nosso nossa seu sua mais eu quando',
    'il lo gli di della che si mio mia è sono più',
    'het een op voor met van zijn niet dat ik te ook om',
    'w z i o na nie się że jest są dla ze',
    've ile bir bu için da ne mi',
    'и в во на с со по для не что это как я мы к у из за от же бы или а',
    'في من على إلى و أو عن مع هذا هذه أن لا ما',
    'och att ett på av är som det jag vi för inte med till om',
    'را از به در که این با است ها می نمی',
    'לא את של על עם כל זה',
    'di ke dari yang dan untuk ini itu dengan tidak',
    'của và các cho được một những là có với trong không',
  ].flatMap((line) => line.split(' ')),
);
const han = /[\p{Script=Han}\p{Script=Katakana}]/u;

/**
 * An idea's content words: lowercased, split on anything not a letter or digit (every script), stop words and single
 * letters dropped. Chinese and Japanese write without spaces: their Han and Katakana runs give character bigrams
 * instead (a lone character gives none), and Hiragana runs (particles, endings) none. Korean is split on its spaces
 * like the others, so a particle glued to a word (모바일에서) makes another word: the check is lenient there.
 */
function contentWords(idea: Post): Set<string> {
  const tokens =
    `${idea.title} ${idea.body}`
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  const out = new Set<string>();
  for (const token of tokens) {
    if (!/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(token)) {
      if (token.length > 1 && !stopWords.has(token)) out.add(token);
      continue;
    }
    const runs = token.match(
      /\p{Script=Han}+|\p{Script=Hiragana}+|[\p{Script=Katakana}ー]+|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+/gu,
    );
    for (const run of runs ?? []) {
      if (!han.test(run)) {
        if (!/\p{Script=Hiragana}/u.test(run) && run.length > 1 && !stopWords.has(run)) out.add(run);
        continue;
      }
      for (let i = 0; i + 1 < run.length; i += 1) out.add(run.slice(i, i + 2));
    }
  }
  return out;
}

/** The content words both ideas of a pair use. */
function sharedWords(pair: Pair): string[] {
  const a = contentWords(pair.a);
  return [...contentWords(pair.b)].filter((word) => a.has(word));
}

describe('duplicate pairs fixture', () => {
  it('says where the pairs come from, each of them, and holds at least 500 of them', () => {
    expect(fixture.source.trim().length).toBeGreaterThan(50);
    for (const text of Object.values(fixture.sources)) expect(text.trim().length).toBeGreaterThan(50);
    for (const pair of pairs) expect(Object.keys(fixture.sources), pair.id).toContain(pair.from);
    expect(pairs.length).toBeGreaterThanOrEqual(500);
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

  it('is more than half paraphrases whose two ideas share no content word (only meaning can pair those)', () => {
    const apart = pairs.filter((pair) => pair.kind === 'paraphrase' && sharedWords(pair).length === 0);
    expect(apart.length * 2).toBeGreaterThan(pairs.length);
  });

  it('has near-misses that share words but not the need (at least nine in ten share a content word)', () => {
    const nearMisses = pairs.filter((pair) => pair.kind === 'near-miss');
    const sharing = nearMisses.filter((pair) => sharedWords(pair).length > 0);
    expect(nearMisses.length).toBeGreaterThanOrEqual(100);
    expect(sharing.length).toBeGreaterThanOrEqual(nearMisses.length * 0.9);
  });

  it('splits words the way the checks above rely on', () => {
    const idea = (title: string, body = '') => ({ title, body });
    const pair = (a: Post, b: Post) => sharedWords({ id: 'x', lang: 'x', a, b, duplicate: true, kind: 'x', from: 'x' });
    expect(pair(idea('Export the ideas', 'to CSV'), idea('Download everything as a spreadsheet'))).toEqual([]);
    expect(pair(idea('Dark mode'), idea('A night theme', 'in DARK colours'))).toEqual(['dark']);
    expect(pair(idea('Rôle en lecture seule'), idea('Accès observateur pour le rôle'))).toEqual(['rôle']);
    expect(pair(idea('スマホ用アプリ'), idea('携帯端末向けのネイティブ版'))).toEqual([]);
    expect(pair(idea('按年付费', '希望一次预付'), idea('每年只结算一次'))).toEqual(['一次']);
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
