// The 503 and 429 pages speak the visitor's language, declare it, and keep their retry link.
import { describe, expect, it } from 'vitest';
import { directionOf, type Locale } from '../../../src/i18n/locales';
import { loadMessages } from '../../../src/i18n/messages';
import { renderRateLimitedPage, renderUnavailablePage } from '../../../src/lib/unavailable-page';

const i18nOf = async (locale: Locale) => ({ locale, dir: directionOf(locale), messages: await loadMessages(locale) });

describe('the pages shown when PocketBase cannot answer', () => {
  it('says 503 in German, with its retry link and no caching', async () => {
    const response = renderUnavailablePage(await i18nOf('de'));
    const html = await response.text();
    expect(response.status).toBe(503);
    expect(response.headers.get('content-language')).toBe('de');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(html).toContain('<html lang="de" dir="ltr">');
    expect(html).toContain('<h1>Wir sind gleich wieder da</h1>');
    expect(html).toContain(
      '<p>Diese Seite lädt sich alle 15 Sekunden neu, oder Sie können <a href="">jetzt erneut versuchen</a>.</p>',
    );
  });

  it('says 429 in Arabic, right to left', async () => {
    const response = renderRateLimitedPage(await i18nOf('ar'));
    const html = await response.text();
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('60');
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<h1>محاولات كثيرة جدًا، حاول مرة أخرى بعد دقيقة</h1>');
    expect(html).toContain('<a href="">المحاولة الآن</a>');
  });

  it('keeps the English words the site has always shown', async () => {
    const html = await renderUnavailablePage(await i18nOf('en')).text();
    expect(html).toContain('<h1>We’ll be right back</h1>');
    expect(html).toContain('This page retries by itself every 15 seconds, or <a href="">try again now</a>.');
    expect(html).toContain('<title>Back in a moment · Chorus</title>');
  });
});
