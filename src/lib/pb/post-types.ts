// Record shapes of ideas and what hangs off them (see pb_migrations/17638001*).
import type { BaseRecord, BoardRecord, StatusRecord } from './types';

/** Ideas a page of any list shows (the board's, search's, the staff's by worth). */
export const PER_PAGE = 20;

export interface TagRecord extends BaseRecord {
  name: string;
  color: string;
  staff_only: boolean;
}

export interface PostRecord extends BaseRecord {
  board: string;
  author: string;
  title: string;
  body: string;
  images: string[];
  status: string;
  tags: string[];
  vote_count: number;
  comment_count: number;
  trending_score: number;
  pinned: boolean;
  locked: boolean;
  approved: boolean;
  merged_into: string;
  response: string;
  response_by: string;
  response_at: string;
  /** The language the idea is written in (a locale code), or empty when unknown. */
  lang?: string;
  /** The author's name and avatar file name, copied onto the idea so lists need no `expand=author`
   * (pb_hooks/ideas/author-card.js keeps them exact). */
  author_name: string;
  author_avatar: string;
  /** The public copy of the staff's ETA ("2027-03" or "2027-Q2"), '' unless the site shows ETAs. */
  eta?: string;
  /** Public custom field values by key (src/features/custom-fields/custom-fields-data.ts); absent on lists that skip them. */
  fields?: Record<string, string | number | string[]> | null;
  expand?: { status?: StatusRecord; tags?: TagRecord[]; board?: BoardRecord };
}

/** An idea as a list's card shows it: what GET /api/chorus/idea-cards answers (server/cmd/pocketbase/idea_cards.go),
 * field for field as the records API has them. */
export type IdeaCard = Pick<
  PostRecord,
  | keyof BaseRecord
  | 'board'
  | 'author'
  | 'author_name'
  | 'author_avatar'
  | 'title'
  | 'body'
  | 'status'
  | 'vote_count'
  | 'comment_count'
  | 'trending_score'
  | 'pinned'
  | 'locked'
  | 'approved'
  | 'merged_into'
  | 'eta'
>;

export interface CommentRecord extends BaseRecord {
  post: string;
  author: string;
  parent: string;
  body: string;
  images: string[];
  internal: boolean;
  /** Hidden by staff: only the author and staff still see it. */
  hidden: boolean;
  /** Held for review by the server (pb_hooks/moderation/hold-rules.js): hidden until a moderator shows it. */
  held_for?: string;
  edited_at: string;
  /** The author's name and avatar file name, copied onto the comment (pb_hooks/ideas/author-card.js). */
  author_name: string;
  author_avatar: string;
  /** Written by a moderator or admin: the server's word (pb_hooks/staff/staff-mark.pb.js), shown as the Team mark. */
  by_staff: boolean;
}

export interface VoteRecord extends BaseRecord {
  post: string;
  user: string;
  /** False while the server holds the vote until its member confirms their email (it counts for nobody yet). */
  counted?: boolean;
}

export const EMOJIS = ['👍', '❤️', '🎉', '😄', '😕', '👀'] as const;
export type Emoji = (typeof EMOJIS)[number];

export interface ReactionRecord extends BaseRecord {
  comment: string;
  user: string;
  emoji: Emoji;
}

export interface SubscriptionRecord extends BaseRecord {
  post: string;
  user: string;
}

/** A voter as the public voters route shows them: never an email. */
export interface Voter {
  id: string;
  name: string;
  avatarUrl: string | null;
}

/** Who wrote something, as pages and islands show them. */
export interface Person {
  id: string;
  name: string;
  avatarUrl: string | null;
}

/** The counters and status a live update may change on an idea. */
export interface PostLive {
  vote_count: number;
  comment_count: number;
  status: string;
  locked: boolean;
}

/** A comment as the comments island shows it. `html` is the server-rendered markdown, when there is one. */
export interface CommentView {
  id: string;
  parent: string;
  author: Person;
  /** Its author wrote it as staff: the Team mark beside their name (a name alone proves nothing). */
  byStaff?: boolean;
  body: string;
  html: string | null;
  images: { thumb: string; full: string }[];
  created: string;
  age: string;
  edited: boolean;
  /** A staff-only note. */
  internal: boolean;
  hidden: boolean;
  /** Hidden because it waits for review (its author sees "Waiting for review"). */
  held?: boolean;
  isNew?: boolean;
  pending?: boolean;
}
