// The widget loader's own words: the embedding page's language picks them, English when Chorus lacks it.
import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../src/i18n/format';
import { launcherLabel, unseenTitle, widgetLocale } from '../../src/widget/words';

describe('the widget launcher’s language', () => {
  it('follows the page’s language tag, English for one Chorus does not speak', () => {
    expect(widgetLocale('de-AT')).toBe('de');
    expect(widgetLocale('pt')).toBe('pt-BR');
    expect(widgetLocale('zh-Hant-TW')).toBe('zh-TW');
    expect(widgetLocale('fi-FI')).toBe('en');
    expect(widgetLocale('tlh')).toBe('en');
    expect(widgetLocale('')).toBe('en');
    expect(widgetLocale(undefined)).toBe('en');
  });

  it('names the launcher and counts unseen releases in that language', () => {
    expect(launcherLabel('en')).toBe('Feedback');
    expect(launcherLabel('ja')).toBe('フィードバック');
    expect(launcherLabel('he')).toBe('משוב');
    expect(unseenTitle('en', 1)).toBe('1 new release');
    expect(unseenTitle('de', 3)).toBe('3 neue Releases');
    expect(unseenTitle('ar', 2)).toBe('إصداران جديدان');
    expect(unseenTitle('ar', 11)).toBe(`${formatNumber('ar', 11)} إصدارًا جديدًا`);
  });
});
