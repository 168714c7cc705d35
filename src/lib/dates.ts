// Human ages for ideas and comments ("3 days ago", "vor 3 Tagen"), in the page's language, computed
// where the page is rendered.
import { currentLocale, translate } from '../i18n/current';
import type { Locale } from '../i18n/locales';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const formats = new Map<Locale, Intl.RelativeTimeFormat>();

function relativeFormat(locale: Locale): Intl.RelativeTimeFormat {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    formats.set(locale, format);
  }
  return format;
}

export function formatAge(iso: string, now: number = Date.now()): string {
  const format = relativeFormat(currentLocale());
  const then = Date.parse(iso.replace(' ', 'T'));
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((now - then) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return translate('time', 'justNow');
}

/** A PocketBase date ("2026-01-02 03:04:05.678Z") as an ISO string for <time datetime>. */
export function toIso(pbDate: string): string {
  return pbDate ? pbDate.replace(' ', 'T') : '';
}
