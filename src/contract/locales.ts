// The languages Chorus speaks, written once for both runtimes (no imports): their codes in the language picker's
// order, and those written right to left. The site's src/i18n/locales.ts and PocketBase's pb_hooks/platform/i18n.js read
// them; the select fields' codes are a migration's snapshot (pb_migrations/1764850000_add_twelve_locales.js).

export const LOCALES = [
  'en',
  'de',
  'fr',
  'es',
  'pt-BR',
  'it',
  'nl',
  'sv',
  'pl',
  'cs',
  'tr',
  'ru',
  'uk',
  'vi',
  'id',
  'ja',
  'ko',
  'zh-CN',
  'zh-TW',
  'ar',
  'fa',
  'he',
] as const;

export type Locale = (typeof LOCALES)[number];

/** Written right to left: Arabic, Persian, Hebrew. */
export const RIGHT_TO_LEFT: readonly Locale[] = ['ar', 'fa', 'he'];
