// The languages Chorus speaks: their codes, own names and writing direction, and how a browser's
// Accept-Language picks one. Shared by the Worker and the islands.
import { LOCALES, type Locale, RIGHT_TO_LEFT } from '../contract/locales';

export { LOCALES, type Locale };

/** English is the source language: every other locale is translated from it and falls back to it. */
export const SOURCE_LOCALE: Locale = 'en';

const RIGHT_TO_LEFT_SET = new Set<Locale>(RIGHT_TO_LEFT);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT_SET.has(locale) ? 'rtl' : 'ltr';
}

/**
 * The supported locale a language tag means ("pt" and "pt-PT" → pt-BR, "zh-Hans-CN" → zh-CN, "zh-HK" and
 * "zh-Hant" → zh-TW), or null.
 */
export function localeOfTag(tag: string): Locale | null {
  const lower = tag.trim().toLowerCase();
  if (!lower || lower === '*') return null;
  const exact = LOCALES.find((locale) => locale.toLowerCase() === lower);
  if (exact) return exact;
  const language = lower.split('-')[0];
  // Traditional Chinese (Taiwan, Hong Kong, Macao, or the script named) reads zh-TW, never Simplified characters.
  if (language === 'zh' && /-(hant|tw|hk|mo)\b/.test(lower)) return 'zh-TW';
  return LOCALES.find((locale) => locale.toLowerCase().split('-')[0] === language) ?? null;
}

/** The best supported locale for an Accept-Language header (RFC 9110 quality values), or null. */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale | null {
  if (!acceptLanguage) return null;
  const ranked = acceptLanguage
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return null;
}
