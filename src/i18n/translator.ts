// A translator: the messages of one locale, read by namespace and key. The same object serves Astro
// pages (Astro.locals.i18n), islands (translator) and stores (translate).
import type english from '../../locales/en.json';
import { formatMessage, type Messages, type Values } from './format';
import type { Locale } from './locales';

/** The English messages define every namespace and key; other locales must match them (i18n:check). */
export type SourceMessages = typeof english;
export type NamespaceName = keyof SourceMessages & string;
export type KeyOf<N extends NamespaceName> = keyof SourceMessages[N] & string;
export type Translate<N extends NamespaceName> = (key: KeyOf<N>, values?: Values) => string;

export interface I18n {
  locale: Locale;
  dir: 'ltr' | 'rtl';
  messages: Messages;
}

/** `t('vote', 'count', { count: 3 })`, or the key itself when a message is missing (never blank). */
export function translateWith<N extends NamespaceName>(
  i18n: I18n,
  namespace: N,
  key: KeyOf<N>,
  values?: Values,
): string {
  const message = i18n.messages[namespace]?.[key];
  if (message === undefined) return `${namespace}.${key}`;
  return formatMessage(i18n.locale, message, values);
}

/** A translator bound to one namespace: `const t = bind(i18n, 'vote'); t('count', { count })`. */
export function bindNamespace<N extends NamespaceName>(i18n: I18n, namespace: N): Translate<N> {
  return (key, values) => translateWith(i18n, namespace, key, values);
}
