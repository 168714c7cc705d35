// A per-isolate cache of each locale's messages, English laid under a translation (a key a translation
// still lacks shows in English); a translation that fails to load reads English until a later request retries.
import type { Messages } from './format';
import { type Locale, SOURCE_LOCALE } from './locales';

/** Reads one translation's own file (never English's). */
export type TranslationReader = (locale: Locale) => Promise<Messages>;

export function messageLoader(
  english: Messages,
  readTranslation: TranslationReader,
): (locale: Locale) => Promise<Messages> {
  const loaded = new Map<Locale, Promise<Messages>>();
  const complained = new Set<Locale>();
  return (locale) => {
    if (locale === SOURCE_LOCALE) return Promise.resolve(english);
    let messages = loaded.get(locale);
    if (!messages) {
      messages = readTranslation(locale).then(
        (translation) => {
          complained.delete(locale);
          return overEnglish(english, translation);
        },
        (error: unknown) => {
          // Not kept: the next request asks again. Said once until the file loads again.
          loaded.delete(locale);
          if (!complained.has(locale)) {
            complained.add(locale);
            console.error(`Messages for "${locale}" did not load; answering in English until they do.`, error);
          }
          return english;
        },
      );
      loaded.set(locale, messages);
    }
    return messages;
  };
}

function overEnglish(english: Messages, translation: Messages): Messages {
  const merged: Messages = {};
  for (const [namespace, keys] of Object.entries(english)) {
    merged[namespace] = { ...keys, ...(translation[namespace] ?? {}) };
  }
  return merged;
}
