// PocketBase's hooks format messages without Intl (pb_hooks/platform/i18n.js): their plural choice, numbers
// and placeholders must match what the site writes (src/i18n/format.ts) in every locale.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatMessage, formatNumber, type Message } from '../../../src/i18n/format';
import { LOCALES, negotiateLocale } from '../../../src/i18n/locales';

type HookI18n = {
  pluralCategory(locale: string, count: number): string;
  formatNumber(locale: string, value: number): string;
  formatMessage(locale: string, message: Message, values?: Record<string, string | number>): string;
  negotiateLocale(header: string | null): string | null;
  translate(locale: string, namespace: string, key: string, values?: Record<string, string | number>): string;
};

// pb_hooks files are CommonJS for PocketBase's JSVM, while this package is ESM: evaluate the file as PocketBase
// does, with its globals (__hooks, $os, toString) backed by Node.
const hooksDir = new URL('../../../pb_hooks', import.meta.url).pathname;
const hookModule = { exports: {} as HookI18n };
const os = { getenv: () => '', readFile: (path: string) => readFileSync(path) };
/** PocketBase's require for the one module i18n.js needs: the generated contract (CommonJS). */
const hookRequire = (path: string) => {
  const required = { exports: {} };
  new Function('module', readFileSync(path, 'utf8'))(required);
  return required.exports;
};
new Function('module', 'require', '__hooks', '$os', 'toString', readFileSync(`${hooksDir}/platform/i18n.js`, 'utf8'))(
  hookModule,
  hookRequire,
  hooksDir,
  os,
  (bytes: Buffer) => bytes.toString('utf8'),
);
const hooks = hookModule.exports;

const COUNTS = [
  ...Array.from({ length: 201 }, (_, n) => n),
  1000,
  1001,
  1100,
  10_000,
  12_345,
  100_000,
  999_999,
  1_000_000,
  1_000_001,
  2_000_000,
  123_456_789,
  1_000_000_000,
  -1,
  -5,
  -1234,
];
const FRACTIONS = [0.5, 1.5, 2.25, 1234.5, 1234567.891, 0.001];
const ALL_FORMS = { zero: 'z', one: 'o', two: 't', few: 'f', many: 'm', other: 'x' };

describe('pb_hooks/platform/i18n.js formats as src/i18n/format.ts does', () => {
  for (const locale of LOCALES) {
    it(`${locale}: plural categories over 0..200 and large counts`, () => {
      const rules = new Intl.PluralRules(locale);
      const categories = (list: number[], select: (n: number) => string) => list.map((n) => `${n}:${select(n)}`);
      expect(categories([...COUNTS, ...FRACTIONS], (n) => hooks.pluralCategory(locale, n))).toEqual(
        categories([...COUNTS, ...FRACTIONS], (n) => rules.select(n)),
      );
    });

    it(`${locale}: numbers and whole plural messages`, () => {
      for (const n of [...COUNTS, ...FRACTIONS]) {
        expect(hooks.formatNumber(locale, n)).toBe(formatNumber(locale, n));
        const message = Object.fromEntries(Object.entries(ALL_FORMS).map(([k, v]) => [k, `${v} {count} {name}`]));
        expect(hooks.formatMessage(locale, message, { count: n, name: 'Ada' })).toBe(
          formatMessage(locale, message, { count: n, name: 'Ada' }),
        );
      }
    });
  }

  it('keeps a placeholder without a value visible and formats numeric values', () => {
    expect(hooks.formatMessage('de', 'Hallo {name}, {total} Stimmen', { total: 12345 })).toBe(
      'Hallo {name}, 12.345 Stimmen',
    );
  });

  it('negotiates Accept-Language as the site does, and ignores garbage or a huge header', () => {
    for (const header of ['ja', 'de-CH,de;q=0.9', 'fr;q=0.1, he;q=0.5', 'pt-PT', 'zh-TW, zh-CN;q=0.4', '*', 'xx', '']) {
      expect(hooks.negotiateLocale(header)).toBe(negotiateLocale(header));
    }
    expect(hooks.negotiateLocale(';;;,,,q=\u0000\uffff')).toBeNull();
    expect(hooks.negotiateLocale(`ja,${'x-y;q=0.5,'.repeat(10_000)}`)).toBeNull();
  });

  it('reads the message files, English for keys a locale lacks', () => {
    expect(hooks.translate('ja', 'pageLayout', 'skipToContent')).toBe('本文へスキップ');
    expect(hooks.translate('xx', 'pageLayout', 'skipToContent')).toBe('Skip to content');
    expect(hooks.translate('de', 'vote', 'nothing-here')).toBe('vote.nothing-here');
  });
});
