// Loads one locale's messages (the Worker only): the locale's file laid over English, so a key a
// translation still lacks shows in English rather than as a raw key. English is bundled; in the built Worker
// the other locales are static assets read at run time (translation-assets.ts), in `astro dev` and tests
// each is its own chunk (the bundled branch is dropped from the build).
import english from '../../locales/en.json';
import type { Messages } from './format';
import { type Locale, SOURCE_LOCALE } from './locales';
import { messageLoader, type TranslationReader } from './message-cache';

const bundled = import.meta.env.DEV
  ? import.meta.glob<Messages>(['../../locales/*.json', '!../../locales/en.json'], { import: 'default' })
  : {};

const readBundled: TranslationReader = async (locale) => {
  const load = bundled[`../../locales/${locale}.json`];
  return load ? await load() : {};
};

const readFromAssets: TranslationReader = async (locale) =>
  (await import('./translation-assets')).readTranslationAsset(locale);

export const loadMessages: (locale: Locale) => Promise<Messages> = messageLoader(
  english as Messages,
  import.meta.env.DEV ? readBundled : readFromAssets,
);

/** English answering for a translation that did not load (message-cache.ts): a page in it must not be kept at
 * the edge for that language's readers. */
export function isEnglishStandIn(locale: Locale, messages: Messages): boolean {
  return locale !== SOURCE_LOCALE && messages === english;
}

// Browser namespaces whose islands live on a few pages only (by path): other pages never download them.
// `widget` is bundled into the widget's loader (src/widget/words.ts), so no page needs it.
const SIGN_IN = /^\/(signin|signup|reset-password|sso|embed\/signin)\/?$/;
const IDEA_LISTS = /^\/(embed\/)?(b\/[^/]+\/?)?$/;
const ONLY_ON: Record<string, RegExp> = {
  signIn: SIGN_IN,
  settings: /^\/settings\/?$/,
  notificationList: /^\/notifications\/?$/,
  welcome: /^\/$/,
  composer: /^\/((embed\/)?(b\/[^/]+\/?)?|p\/[^/]+\/edit\/?)$/,
  search: IDEA_LISTS,
  roadmap: /^\/(embed\/)?roadmap\/?$/,
  // Custom fields: the composer's inputs, the staff's editor on an idea, the admin page.
  customFields: /^\/((embed\/)?(b\/[^/]+\/?)?|p\/.+|admin\/fields\/?)$/,
  // PocketBase's field messages, where forms show them next to fields (elsewhere: one plain word).
  fieldErrors:
    /^\/((signin|signup|reset-password|sso|settings|embed\/signin|admin(\/.*)?)|(embed\/)?(b\/[^/]+\/?)?|p\/[^/]+\/edit\/?)$/,
  widget: /^$/,
  // An idea's ETA: the roadmap's cards, ETA notifications, staff's ETA editor and the site setting.
  eta: /^\/((embed\/)?roadmap|notifications|p\/[^/]+|admin\/settings)\/?$/,
  // The priority score's words: staff's tools on the idea page and the scoring admin page.
  priority: /^\/(p\/[^/]+|admin\/scoring)\/?$/,
  // Alerts are words of the server only (the admin page and emails); asking the voters has an island for
  // staff on the idea page only (see STAFF_ONLY).
  alerts: /^$/,
  asks: /^\/p\/[^/]+\/?$/,
  // My data, my account: the deletion island on settings and on an admin's page for a member; the members
  // list's link to that page.
  deleteAccount: /^\/(settings|admin\/members\/[^/]+)\/?$/,
  myData: /^\/admin\/members\/?$/,
  // The audit log's page is the server's; its retention setting is an island on the settings page.
  audit: /^\/admin\/settings\/?$/,
  // Digests: the settings form's frequencies and time zone (the rest are the digest emails' words).
  digests: /^\/settings\/?$/,
  // Mentions: the comment box's suggestions on an idea, and mention notifications.
  mentions: /^\/((embed\/)?p\/[^/]+|notifications)\/?$/,
  // API keys: the admin page, and the members list that shows keys' service members as keys.
  apiKeys: /^\/admin\/(api-keys|members)\/?$/,
  // Issue trackers: staff's panel on the idea page (its other words are PocketBase's); the integrations page.
  trackers: /^\/p\/[^/]+\/?$/,
  integrations: /^\/admin\/integrations\/?$/,
  // The AI model's calibration: its admin page only.
  adminAi: /^\/admin\/ai\/?$/,
  // The feedback inbox (issue 58): its island only.
  feedback: /^\/admin\/inbox\/?$/,
  // Spam (issue 38): the report form and the admins' spam settings are the server's words only.
  reports: /^$/,
  spamGuard: /^$/,
};
/** Namespaces only staff's islands use (besides `staff*` ones). */
const STAFF_ONLY = new Set(['priority', 'asks', 'audit', 'apiKeys', 'trackers', 'integrations', 'feedback']);

export interface ClientMessagesFor {
  /** An /admin page. */
  admin: boolean;
  /** The viewer is staff (staff tools render for staff only). Defaults to true. */
  staff?: boolean;
  path?: string;
}

/** Namespaces the browser needs: islands' and stores' words. `page*` ones are rendered by the server
 * only, `email*` and `pb*` ones by PocketBase's hooks, `admin*` ones go to the admin pages only and
 * `staff*` and `customers*` ones to staff; with a `path`, page-bound namespaces (ONLY_ON) go to their pages only. */
export function clientMessages(messages: Messages, { admin, staff = true, path }: ClientMessagesFor): Messages {
  const picked: Messages = {};
  for (const [namespace, keys] of Object.entries(messages)) {
    if (/^(page|email|pb)[A-Z]/.test(namespace)) continue;
    if (!admin && /^admin[A-Z]/.test(namespace)) continue;
    if (!staff && (/^(staff[A-Z]|customers)/.test(namespace) || STAFF_ONLY.has(namespace))) continue;
    const only = ONLY_ON[namespace];
    if (only && path !== undefined && !only.test(path)) continue;
    picked[namespace] = keys;
  }
  return picked;
}

/** The page's dictionary as the JSON I18nData.astro embeds, `<` escaped so no message can close the script
 * element. Pages share a few namespace sets per locale, so each set's JSON is built once per Worker. */
export function clientMessagesJson(locale: Locale, messages: Messages, options: ClientMessagesFor): string {
  const picked = clientMessages(messages, options);
  // One locale's messages are one object (loadMessages), so its namespaces' names say which JSON this is.
  let byNamespaces = clientJson.get(messages);
  if (!byNamespaces) {
    byNamespaces = new Map();
    clientJson.set(messages, byNamespaces);
  }
  const namespaces = Object.keys(picked).join(' ');
  let json = byNamespaces.get(namespaces);
  if (json === undefined) {
    json = JSON.stringify({ locale, messages: picked }).replace(/</g, '\\u003c');
    byNamespaces.set(namespaces, json);
  }
  return json;
}

const clientJson = new WeakMap<Messages, Map<string, string>>();
