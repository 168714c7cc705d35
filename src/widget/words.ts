// The loader's own words (launcher label, unseen-releases title) in the embedding page's language. Only
// the `widget` and `releases` namespaces of each locale file are bundled (JSON named imports tree-shake).
// i18n-keys: widget.launcher widget.unavailable

import { releases as arReleases, widget as arWidget } from '../../locales/ar.json';
import { releases as csReleases, widget as csWidget } from '../../locales/cs.json';
import { releases as deReleases, widget as deWidget } from '../../locales/de.json';
import { releases as enReleases, widget as enWidget } from '../../locales/en.json';
import { releases as esReleases, widget as esWidget } from '../../locales/es.json';
import { releases as faReleases, widget as faWidget } from '../../locales/fa.json';
import { releases as frReleases, widget as frWidget } from '../../locales/fr.json';
import { releases as heReleases, widget as heWidget } from '../../locales/he.json';
import { releases as idReleases, widget as idWidget } from '../../locales/id.json';
import { releases as itReleases, widget as itWidget } from '../../locales/it.json';
import { releases as jaReleases, widget as jaWidget } from '../../locales/ja.json';
import { releases as koReleases, widget as koWidget } from '../../locales/ko.json';
import { releases as nlReleases, widget as nlWidget } from '../../locales/nl.json';
import { releases as plReleases, widget as plWidget } from '../../locales/pl.json';
import { releases as ptReleases, widget as ptWidget } from '../../locales/pt-BR.json';
import { releases as ruReleases, widget as ruWidget } from '../../locales/ru.json';
import { releases as svReleases, widget as svWidget } from '../../locales/sv.json';
import { releases as trReleases, widget as trWidget } from '../../locales/tr.json';
import { releases as ukReleases, widget as ukWidget } from '../../locales/uk.json';
import { releases as viReleases, widget as viWidget } from '../../locales/vi.json';
import { releases as zhReleases, widget as zhWidget } from '../../locales/zh-CN.json';
import { releases as zhTwReleases, widget as zhTwWidget } from '../../locales/zh-TW.json';
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
  nl: { ...nlWidget, ...nlReleases },
  sv: { ...svWidget, ...svReleases },
  pl: { ...plWidget, ...plReleases },
  cs: { ...csWidget, ...csReleases },
  tr: { ...trWidget, ...trReleases },
  ru: { ...ruWidget, ...ruReleases },
  uk: { ...ukWidget, ...ukReleases },
  vi: { ...viWidget, ...viReleases },
  id: { ...idWidget, ...idReleases },
  ja: { ...jaWidget, ...jaReleases },
  ko: { ...koWidget, ...koReleases },
  'zh-CN': { ...zhWidget, ...zhReleases },
  'zh-TW': { ...zhTwWidget, ...zhTwReleases },
  ar: { ...arWidget, ...arReleases },
  fa: { ...faWidget, ...faReleases },
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
