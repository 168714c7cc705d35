// Which locale's messages are in force right now, for code that runs in both places (islands, stores):
// in the browser, the ones the page embedded (#chorus-i18n); in the Worker, the current request's,
// installed by src/i18n/request.ts.
import english from '../../locales/en.json';
import type { Messages, Values } from './format';
import { directionOf, isLocale } from './locales';
import { bindNamespace, type I18n, type KeyOf, type NamespaceName, type Translate, translateWith } from './translator';

export const I18N_ELEMENT_ID = 'chorus-i18n';

// English stays out of the browser's bundle (every page embeds its dictionary): only the Worker and
// tests fall back to it.
const FALLBACK: I18n = { locale: 'en', dir: 'ltr', messages: import.meta.env.SSR ? (english as Messages) : {} };
let embedded: I18n | undefined;
let serverSource: (() => I18n | undefined) | undefined;

/** The Worker tells this module where the request's locale lives (once, at start-up). */
export function installServerI18n(source: () => I18n | undefined): void {
  serverSource = source;
}

function readEmbedded(): I18n {
  if (embedded) return embedded;
  if (typeof document === 'undefined' || typeof document.getElementById !== 'function') return FALLBACK;
  const element = document.getElementById(I18N_ELEMENT_ID);
  // Not parsed yet: ask again next time rather than keep a page without words.
  if (!element) return FALLBACK;
  embedded = FALLBACK;
  try {
    const parsed = JSON.parse(element?.textContent ?? 'null') as { locale?: unknown; messages?: Messages } | null;
    if (parsed && isLocale(parsed.locale) && parsed.messages) {
      embedded = { locale: parsed.locale, dir: directionOf(parsed.locale), messages: parsed.messages };
    }
  } catch {
    // A page without (or with a broken) dictionary reads English.
  }
  return embedded;
}

export function currentI18n(): I18n {
  return serverSource?.() ?? readEmbedded();
}

/** For stores and helpers: `translate('vote', 'refused')`. */
export function translate<N extends NamespaceName>(namespace: N, key: KeyOf<N>, values?: Values): string {
  return translateWith(currentI18n(), namespace, key, values);
}

/** For pages, islands and helpers: `const t = translator('vote'); t('count', { count })`. Not a React hook: a page's language
 * never changes without a reload. */
export function translator<N extends NamespaceName>(namespace: N): Translate<N> {
  return bindNamespace(currentI18n(), namespace);
}

export function currentLocale() {
  return currentI18n().locale;
}
