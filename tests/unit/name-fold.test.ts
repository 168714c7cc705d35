// The name folding that keeps members from passing for staff (pb_hooks/account/name-fold.js): every way to write a
// staff member's name that reads the same folds the same, and names that read differently stay apart.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// pb_hooks files are CommonJS for PocketBase's JSVM, while this package is ESM: evaluate the file as PocketBase does.
const hookModule = { exports: {} as { foldName(name: unknown): string } };
new Function('module', readFileSync(new URL('../../pb_hooks/account/name-fold.js', import.meta.url), 'utf8'))(
  hookModule,
);
const { foldName } = hookModule.exports;

describe('foldName', () => {
  it.each([
    ['case', 'ALICE martin'],
    ['spaces collapsed and trimmed', '  Alice \t  Martin '],
    ['NFKC (full-width letters)', 'Ａｌｉｃｅ Ｍａｒｔｉｎ'],
    ['accents', 'Álïce Mártin'],
    ['zero-width space, joiner, soft hyphen, BOM', 'Al\u200bi\u200dce Mar\u00adtin\ufeff'],
    ['bidi controls', '\u202aAlice Martin\u202c'],
    ['Cyrillic а, е, о, р, с, х, і', 'Аlісе Маrtіn'],
    ['Greek capitals', 'ΑLICE ΜΑRΤΙΝ'],
    ['Latin dotless ı', 'Alıce Martın'],
    ['capital I for l', 'AIice Martin'],
    ['digit 1 for l, 0 for o', 'A1ice Martin'],
    ['punctuation read past', 'A.lice Martin!'],
  ])('%s: folds like "Alice Martin"', (_, name) => {
    expect(foldName(name)).toBe(foldName('Alice Martin'));
  });

  it('folds Cyrillic and Greek look-alikes and digits to Latin letters', () => {
    expect(foldName('ору')).toBe(foldName('opy'));
    expect(foldName('рсх')).toBe(foldName('pcx'));
    expect(foldName('ΗΕΡΟ')).toBe(foldName('hepo'));
    expect(foldName('B0B')).toBe(foldName('bob'));
  });

  it('keeps names apart that read differently', () => {
    for (const other of ['Alice Martinez', 'Alicia Martin', 'Bob Martin', 'Alice', 'Мартин']) {
      expect(foldName(other), other).not.toBe(foldName('Alice Martin'));
    }
    expect(foldName('田中 太郎')).toBe('田中 太郎');
    expect(foldName('がく')).not.toBe(foldName('かく'));
  });

  it('leaves nothing of an invisible or empty name', () => {
    expect(foldName('\u200b\u200d \ufeff')).toBe('');
    expect(foldName(null)).toBe('');
  });
});
