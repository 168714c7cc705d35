// The live protocol at the edge, shared by PocketBase's publisher (its JSON), the Worker, the Durable Objects
// and the browser: which public topics exist, what a published change looks like, and what a socket says.

/** The collections whose public records the edge carries, each to the topics derived in `topicsOf`. */
export const EDGE_COLLECTIONS = ['post_live', 'comments', 'reactions', 'changelog_entries'] as const;
export type EdgeCollection = (typeof EDGE_COLLECTIONS)[number];

export type Action = 'create' | 'update' | 'delete';

/** One committed public change, as PocketBase publishes it (one POST carries many). */
export interface Change {
  /** Monotonic across PocketBase restarts (microseconds since 1970, bumped past the last one): newest wins. */
  seq: number;
  collection: EdgeCollection;
  action: Action;
  /** The record as a signed-out visitor may read it through the API (never more). */
  record: { id: string; [field: string]: unknown };
  /** The idea a comment or reaction belongs to (reactions do not carry it themselves). */
  post?: string;
}

/** What PocketBase POSTs to /edge/publish: changes to fan out and cache tags to purge (either may be empty). */
export interface PublishBody {
  changes: Change[];
  tags: string[];
}

/** Server to browser: one change on one topic, a topic's latest state, or a gap the browser must fill. */
export type ServerMessage =
  | { t: string; s: number; c: EdgeCollection; a: Action; r: Change['record'] }
  | { t: string; gap: true }
  | { ack: number; s?: number };

/** Browser to server: (re)subscribe with the last seq it saw, ask for ideas' latest state, or unsubscribe. */
export type ClientMessage = { sub: string[]; since?: number; want?: string[]; id: number } | { unsub: string[] };

/** Ideas' ids are PocketBase ids; topic names are a closed set of shapes. */
const ID = /^[a-z0-9]{15}$/;
const TOPIC = /^(ideas|releases|(idea|comments|reactions):[a-z0-9]{15})$/;

export const isRecordId = (value: unknown): value is string => typeof value === 'string' && ID.test(value);
export const isTopic = (value: unknown): value is string => typeof value === 'string' && TOPIC.test(value);

/** The topics a change reaches: an idea's own and every list's for its live copy; its idea's for a comment. */
export function topicsOf(change: Change): string[] {
  switch (change.collection) {
    case 'post_live':
      return [`idea:${change.record.id}`, 'ideas'];
    case 'comments':
      return change.post ? [`comments:${change.post}`] : [];
    case 'reactions':
      return change.post ? [`reactions:${change.post}`] : [];
    case 'changelog_entries':
      return ['releases'];
  }
}

/** Topics holding a latest state a new socket is sent at once (the others carry events only). */
export const isStateTopic = (topic: string) => topic.startsWith('idea:');

/** The most a socket may follow, and a sub message may ask for. */
export const MAX_TOPICS_PER_SOCKET = 40;
export const MAX_WANTED_IDEAS = 100;
/** One address's sockets all land on one shard (src/edge/live-route.ts), which bounds a flood from it. */
export const MAX_SOCKETS_PER_ADDRESS = 100;
