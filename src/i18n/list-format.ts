// Lists of names in the locale's words and punctuation ("a.png, b.png and c.png", "a.png、b.png、c.png"),
// apart from format.ts so pages that list nothing do not ship it.
import type { Locale } from './locales';

const listFormats = new Map<Locale, Intl.ListFormat>();

export function formatList(locale: Locale, items: string[]): string {
  if (items.length < 2) return items[0] ?? '';
  let format = listFormats.get(locale);
  if (!format) {
    format = new Intl.ListFormat(locale, { type: 'conjunction' });
    listFormats.set(locale, format);
  }
  return format.format(items);
}
