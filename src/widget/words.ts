// The loader's own words (launcher label, unseen-releases title) in the embedding page's language. Only
// the `widget` and `releases` namespaces of each locale file are bundled (JSON named imports tree-shake).
// i18n-keys: widget.launcher widget.unavailable

import { releases as arReleases, widget as arWidget } from '../../locales/ar.json';
import { releases as deReleases, widget as deWidget } from '../../locales/de.json';
import { releases as enReleases, widget as enWidget } from '../../locales/en.json';
import { releases as esReleases, widget as esWidget } from '../../locales/es.json';
import { releases as frReleases, widget as frWidget } from '../../locales/fr.json';
import { releases as heReleases, widget as heWidget } from '../../locales/he.json';
import { releases as itReleases, widget as itWidget } from '../../locales/it.json';
import { releases as jaReleases, widget as jaWidget } from '../../locales/ja.json';
import { releases as ptReleases, widget as ptWidget } from '../../locales/pt-BR.json';
import { releases as zhReleases, widget as zhWidget } from '../../locales/zh-CN.json';
import { formatMessage, type Message } from '../i18n/format';
import { type Locale, localeOfTag, SOURCE_LOCALE } from '../i18n/locales';

interface Words {
  launcher: string;
  unavailable: string;
  unseen: Message;
}

const WORDS: Record<Locale, Words> = {
  en: { ...enWidget, ...enReleases },
  de: { ...deWidget, ...deReleases },
  fr: { ...frWidget, ...frReleases },
  es: { ...esWidget, ...esReleases },
  'pt-BR': { ...ptWidget, ...ptReleases },
  it: { ...itWidget, ...itReleases },
  ja: { ...jaWidget, ...jaReleases },
  'zh-CN': { ...zhWidget, ...zhReleases },
  ar: { ...arWidget, ...arReleases },
  he: { ...heWidget, ...heReleases },
};

/** The supported locale for a language tag ("de-AT" → de), or English. */
export function widgetLocale(tag: string | null | undefined): Locale {
  return localeOfTag(tag ?? '') ?? SOURCE_LOCALE;
}

export function launcherLabel(locale: Locale): string {
  return WORDS[locale].launcher;
}

/** What the panel says where this page's origin may not embed it: "Feedback is unavailable here." */
export function unavailableText(locale: Locale): string {
  return WORDS[locale].unavailable;
}

/** "3 new releases", for the launcher badge's title. */
export function unseenTitle(locale: Locale, count: number): string {
  return formatMessage(locale, WORDS[locale].unseen, { count });
}
