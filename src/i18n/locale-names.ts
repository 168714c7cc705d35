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
  ja: '日本語',
  'zh-CN': '简体中文',
  ar: 'العربية',
  he: 'עברית',
};
