// Each language named in itself, as a language picker shows it: apart from locales.ts so that islands
// that pick no language (an idea page's) do not ship the names.
import type { Locale } from './locales';

/** Each language named in itself, as a language picker shows it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  it: 'Italiano',
  nl: 'Nederlands',
  sv: 'Svenska',
  pl: 'Polski',
  cs: 'Čeština',
  tr: 'Türkçe',
  ru: 'Русский',
  uk: 'Українська',
  vi: 'Tiếng Việt',
  id: 'Bahasa Indonesia',
  ja: '日本語',
  ko: '한국어',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  ar: 'العربية',
  fa: 'فارسی',
  he: 'עברית',
};
