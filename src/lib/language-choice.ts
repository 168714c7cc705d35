// The footer's language picker, read from its plain form: a supported locale and a same-site page to return to.
import { isLocale, type Locale } from '../i18n/locales';
import { toSafeNextPath } from './next-path';

export type LanguageChoice = { ok: true; locale: Locale; next: string } | { ok: false };

// The sign-in pages, which next-path.ts refuses (no sign-in loops), are fine to return to after a language pick.
const SIGN_IN_PAGE = /^\/sign(in|up)(?=[?#]|$)/;

/** The picked locale and the page to go back to ("/" when `next` is missing or leaves the site); refused for unknown codes. */
export function readLanguageChoice(form: FormData): LanguageChoice {
  const locale = form.get('locale');
  if (!isLocale(locale)) return { ok: false };
  const next = form.get('next');
  return { ok: true, locale, next: returnPath(typeof next === 'string' ? next : null) };
}

function returnPath(next: string | null): string {
  const page = next ? SIGN_IN_PAGE.exec(next)?.[0] : undefined;
  if (!next || !page) return toSafeNextPath(next);
  // "/signin?next=…": the query is checked as a path would be, so nothing in it can lead off the site.
  const query = toSafeNextPath(`/${next.slice(page.length)}`);
  return query.startsWith('/?') ? page + query.slice(1) : page;
}
