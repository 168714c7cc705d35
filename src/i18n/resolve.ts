// Which language a request is answered in: the member's own choice, then the visitor's picked language
// (a cookie), then their browser's (when the site allows it), then the site's default.
import { isLocale, type Locale, negotiateLocale, SOURCE_LOCALE } from './locales';

/** Set by the language picker for signed-out visitors; pages vary on Cookie, so caches keep it apart. */
export const LANGUAGE_COOKIE = 'chorus_lang';

export type LocaleSource = 'member' | 'cookie' | 'browser' | 'site';

export interface LocaleRequest {
  memberLocale: Locale | null;
  cookieHeader: string | null;
  acceptLanguage: string | null;
  siteLocale: string | null | undefined;
  /** The admin lets a signed-out visitor's Accept-Language choose. */
  browserAllowed: boolean;
}

export function resolveLocale(request: LocaleRequest): { locale: Locale; source: LocaleSource } {
  if (request.memberLocale) return { locale: request.memberLocale, source: 'member' };
  const picked = languageCookieOf(request.cookieHeader);
  if (picked) return { locale: picked, source: 'cookie' };
  if (request.browserAllowed) {
    const negotiated = negotiateLocale(request.acceptLanguage);
    if (negotiated) return { locale: negotiated, source: 'browser' };
  }
  return { locale: isLocale(request.siteLocale) ? request.siteLocale : SOURCE_LOCALE, source: 'site' };
}

export function languageCookieOf(cookieHeader: string | null): Locale | null {
  const value = /(?:^|;\s*)chorus_lang=([^;]*)/.exec(cookieHeader ?? '')?.[1];
  return isLocale(value) ? value : null;
}

/** The picker's cookie: a year, readable by the server only, first-party. */
export function languageCookie(locale: Locale, https: boolean): string {
  return `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${https ? '; Secure' : ''}`;
}
