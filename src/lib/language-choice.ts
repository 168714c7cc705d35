// The footer's language picker, read from its plain form: a supported locale and a same-site page to return to.
import { isLocale, type Locale } from '../i18n/locales';
import { toSafeNextPath } from './next-path';

export type LanguageChoice = { ok: true; locale: Locale; next: string } | { ok: false };

/** The picked locale and the page to go back to ("/" when `next` is missing or leaves the site); refused for unknown codes. */
export function readLanguageChoice(form: FormData): LanguageChoice {
  const locale = form.get('locale');
  if (!isLocale(locale)) return { ok: false };
  const next = form.get('next');
  return { ok: true, locale, next: toSafeNextPath(typeof next === 'string' ? next : null) };
}
