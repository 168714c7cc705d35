// Opens the browser stores as one "tab" in Node, against a real PocketBase: a fresh copy of every
// store module (so two tabs share nothing but the server), pointed at its own signed-in client through
// the stores' client seam. Node has no EventSource yet; undici's real one carries the live stream.
import PocketBase from 'pocketbase';
import { EventSource } from 'undici';
import { vi } from 'vitest';
import type { Locale } from '../../../src/i18n/locales';

Object.assign(globalThis, { EventSource: globalThis.EventSource ?? EventSource });

const modules = {
  action: () => import('../../../src/stores/action'),
  admin: () => import('../../../src/features/site/admin'),
  account: () => import('../../../src/features/account/account'),
  auth: () => import('../../../src/features/auth/auth'),
  calibration: () => import('../../../src/features/ai/calibration'),
  changelog: () => import('../../../src/features/changelog/changelog-editor'),
  comments: () => import('../../../src/features/comments/comments'),
  companies: () => import('../../../src/features/customers/companies'),
  composer: () => import('../../../src/features/composer/composer'),
  draft: () => import('../../../src/features/composer/draft'),
  feedback: () => import('../../../src/features/feedback/feedback'),
  follow: () => import('../../../src/features/notifications/follow'),
  identify: () => import('../../../src/features/sso/identify'),
  memberProfiles: () => import('../../../src/features/customers/member-profiles'),
  moderation: () => import('../../../src/features/moderation/moderation'),
  notifications: () => import('../../../src/features/notifications/notifications'),
  postEditor: () => import('../../../src/features/ideas/post-editor'),
  posts: () => import('../../../src/stores/posts'),
  reactions: () => import('../../../src/features/comments/reactions'),
  realtime: () => import('../../../src/stores/realtime'),
  releases: () => import('../../../src/features/changelog/releases'),
  roadmap: () => import('../../../src/features/roadmap/roadmap'),
  session: () => import('../../../src/stores/session'),
  siteSettings: () => import('../../../src/features/site/site-settings'),
  staff: () => import('../../../src/features/staff/staff'),
  toast: () => import('../../../src/stores/toast'),
  viewer: () => import('../../../src/stores/viewer'),
  voters: () => import('../../../src/features/votes/voters'),
  votes: () => import('../../../src/features/votes/votes'),
  worth: () => import('../../../src/features/priority/worth'),
};
type Stores = { [K in keyof typeof modules]: Awaited<ReturnType<(typeof modules)[K]>> };

export type Tab = Stores & {
  client: PocketBase;
  /** Waits until every live topic asked for so far is subscribed on the server. */
  live(): Promise<void>;
  close(): void;
};

/**
 * A tab signed in as `as` (a client from TestPocketBase.actor), or signed out. `locale` gives the tab
 * a page in that language: the browser namespaces a page embeds, installed as the i18n source.
 */
export async function openTab(url: string, as?: PocketBase, { locale }: { locale?: Locale } = {}): Promise<Tab> {
  vi.resetModules();
  if (locale) await speak(locale);
  const client = new PocketBase(url);
  client.autoCancellation(false);
  if (as) client.authStore.save(as.authStore.token, as.authStore.record);
  if (locale) {
    // As the browser's client does (src/lib/pb/client.ts): hooks answer in the page's language.
    client.beforeSend = (requestUrl, options) => ({
      url: requestUrl,
      options: { ...options, headers: { ...(options.headers as Record<string, string>), 'accept-language': locale } },
    });
  }
  const seam = await import('../../../src/stores/client');
  seam.setStoreClient(client);
  const entries = await Promise.all(Object.entries(modules).map(async ([name, load]) => [name, await load()]));
  const stores = Object.fromEntries(entries) as Stores;
  return {
    ...stores,
    client,
    live: () => waitFor(() => stores.realtime.$subscribed.get()),
    close: () => void client.realtime.unsubscribe().catch(() => {}),
  };
}

/** What a page in `locale` embeds (#chorus-i18n), made the translator's source for this tab's modules. */
async function speak(locale: Locale): Promise<void> {
  const [current, { clientMessages, loadMessages }, { directionOf }] = await Promise.all([
    import('../../../src/i18n/current'),
    import('../../../src/i18n/messages'),
    import('../../../src/i18n/locales'),
  ]);
  const embedded = JSON.parse(JSON.stringify(clientMessages(await loadMessages(locale), { admin: false })));
  const i18n = { locale, dir: directionOf(locale), messages: embedded };
  current.installServerI18n(() => i18n);
}

export async function waitFor(check: () => boolean, timeoutMs = 4000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms: ${check}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Holds back the answers to requests matching `match` until `release()`: the server answers at once, the tab
 * hears it only when released (a gate, not a delay, so a loaded machine cannot let it through early or late).
 * `answered` resolves when the server's (first) answer is in, still held back; the answer is read whole before
 * it is held, so once released the tab gets it without another wait on the network.
 */
export function holdAnswers(
  client: PocketBase,
  match: (url: string, method: string) => boolean,
): { answered: Promise<void>; release(): void } {
  let answered = () => {};
  let release = () => {};
  const inBox = new Promise<void>((resolve) => {
    answered = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  client.beforeSend = (url, options) => {
    if (!match(url, options.method ?? 'GET')) return { url, options };
    const held = async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await fetch(input, init);
      const body = await response.arrayBuffer();
      answered();
      await released;
      return new Response(body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    };
    return { url, options: { ...options, fetch: held } };
  };
  return { answered: inBox, release };
}

/** The ideas the tab's page shows as its server rendered them (src/stores/own-state.ts reads them from the page's
 * [data-post] elements): a stand-in for the browser's document with those alone. Undone by vi.unstubAllGlobals(). */
export function showIdeas(ids: string[]): void {
  const rendered = ids.map((post) => ({ dataset: { post } }));
  vi.stubGlobal('document', { querySelectorAll: () => rendered, documentElement: { toggleAttribute: () => false } });
}

/** Counts the requests a client sends, by method and path. */
export function countRequests(client: PocketBase): string[] {
  const sent: string[] = [];
  const before = client.beforeSend;
  client.beforeSend = async (url, options) => {
    sent.push(`${options.method ?? 'GET'} ${new URL(url).pathname}`);
    return before ? before(url, options) : { url, options };
  };
  return sent;
}

/**
 * The live events the tab's client hands its stores, as the SDK hands them over ({ action, record }), in the
 * order it does (`heard`); those `hold` picks are held back until `release()`: an event the server sent early
 * arrives late, as PocketBase (which sends each message on a goroutine of its own) may deliver it. `caught`
 * resolves once one is held. Set it up before the tab listens.
 */
export function lateLive(
  client: PocketBase,
  hold: (event: { action?: string; record?: { id: string; vote_count?: number } }) => boolean = () => false,
): {
  heard: { action: string; record: { id: string; vote_count?: number } }[];
  caught: Promise<void>;
  release(): void;
} {
  const heard: { action: string; record: { id: string; vote_count?: number } }[] = [];
  const held: (() => void)[] = [];
  let holding = true;
  let resolve = () => {};
  const caught = new Promise<void>((r) => {
    resolve = r;
  });
  const subscribe = client.realtime.subscribe.bind(client.realtime);
  client.realtime.subscribe = (topic, callback, options) =>
    subscribe(
      topic,
      (event) => {
        const deliver = () => {
          if (event?.record) heard.push(event);
          callback(event);
        };
        if (!holding || !hold(event)) return deliver();
        held.push(deliver);
        resolve();
      },
      options,
    );
  return {
    heard,
    caught,
    release() {
      holding = false;
      for (const deliver of held.splice(0)) deliver();
    },
  };
}
