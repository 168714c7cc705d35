// The score explains itself and an ETA reads as a date in every language: numbers, percentages, money,
// months and quarters through Intl and the page's words (src/features/priority/priority-format.ts, src/lib/eta-label.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { explainScore, type ScoreInputs } from '../../src/features/priority/priority-format';
import { installServerI18n } from '../../src/i18n/current';
import { directionOf, LOCALES, type Locale } from '../../src/i18n/locales';
import { loadMessages } from '../../src/i18n/messages';
import { formatEta } from '../../src/lib/eta-label';

async function speak(locale: Locale) {
  const i18n = { locale, dir: directionOf(locale), messages: await loadMessages(locale) };
  installServerI18n(() => i18n);
}
afterEach(() => installServerI18n(() => undefined));

const idea: ScoreInputs = {
  reach: 1240,
  impact: 2,
  confidence: 80,
  effort: 3,
  revenue: 12000,
  votes: 40,
  score: 661.333,
  revenueWeight: 2,
};

describe('the score, spelled out', () => {
  it('in English, as the issue writes it', async () => {
    await speak('en');
    expect(explainScore(idea, 'rice')).toBe(
      'RICE = reach 1,240 × impact 2 × confidence 80% ÷ effort 3 weeks = 661.333',
    );
    expect(explainScore({ ...idea, score: 826.667 }, 'value_effort')).toBe(
      'Value/effort = reach 1,240 × impact 2 ÷ effort 3 weeks = 826.667',
    );
    expect(explainScore({ ...idea, score: 64 }, 'revenue_votes')).toBe(
      'Revenue-weighted votes = votes 40 + 2 × revenue $12,000 ÷ $1,000 = 64',
    );
    expect(explainScore({ ...idea, effort: 0 }, 'rice')).toBeNull();
    expect(explainScore({ ...idea, effort: 1, score: 1984 }, 'rice')).toContain('effort 1 week =');
  });

  it('in German, with its numbers and words', async () => {
    await speak('de');
    expect(explainScore({ ...idea, effort: 2.5, score: 793.6 }, 'rice')).toBe(
      'RICE = Reichweite 1.240 × Wirkung 2 × Zuversicht 80\u00a0% ÷ Aufwand 2,5 Wochen = 793,6',
    );
  });

  it('says every formula in every language, without a placeholder left', async () => {
    for (const locale of LOCALES) {
      await speak(locale);
      for (const formula of ['rice', 'value_effort', 'revenue_votes'] as const) {
        const text = explainScore(idea, formula) ?? '';
        expect(text, `${locale} ${formula}`).not.toMatch(/[{}]/);
        expect(text.length, `${locale} ${formula}`).toBeGreaterThan(20);
      }
    }
  });
});

describe('an ETA, as a date', () => {
  it('a month through Intl, a quarter through the words, nothing for a malformed one', async () => {
    await speak('en');
    expect(formatEta('2027-03')).toBe('March 2027');
    expect(formatEta('2027-Q2')).toBe('Q2 2027');
    expect(formatEta('2027-13')).toBe('');
    expect(formatEta('')).toBe('');
    await speak('ja');
    expect(formatEta('2027-03')).toBe('2027年3月');
    expect(formatEta('2027-Q2')).toBe('2027年第2四半期');
    await speak('fr');
    expect(formatEta('2027-03')).toBe('mars 2027');
  });
});
