// Record shapes for the staff, roadmap, changelog and notification collections (see pb_migrations/17638002*).
import type { BaseRecord, BoardRecord, StatusRecord, UserRecord } from './types';

export interface TagRecord extends BaseRecord {
  name: string;
  color: string;
  staff_only: boolean;
}

/** The fields of a post the roadmap, staff tools and changelog read. */
export interface PostRecordLite extends BaseRecord {
  board: string;
  author: string;
  /** The author's name, copied onto the idea (pb_hooks/ideas/author-card.js). */
  author_name?: string;
  /** Why the server held it for review (pb_hooks/moderation/hold-rules.js), '' when it was not. */
  held_for?: 'links' | 'blocked_word' | 'blocked_domain' | '';
  title: string;
  status: string;
  tags: string[];
  vote_count: number;
  pinned: boolean;
  locked: boolean;
  approved: boolean;
  merged_into: string;
  response: string;
  /** The public copy of the idea's ETA (absent from live copies). */
  eta?: string;
  expand?: { board?: BoardRecord; status?: StatusRecord };
}

export type ChangelogLabel = 'new' | 'improved' | 'fixed';

export interface ChangelogEntryRecord extends BaseRecord {
  title: string;
  slug: string;
  body: string;
  cover: string;
  labels: ChangelogLabel[];
  state: 'draft' | 'published';
  published_at: string;
  posts: string[];
  mark_done: boolean;
  expand?: { posts?: PostRecordLite[] };
}

export type NotificationKind = 'comment' | 'status' | 'response' | 'release' | 'merge' | 'eta' | 'question' | 'mention';

export interface NotificationRecord extends BaseRecord {
  user: string;
  kind: NotificationKind;
  post: string;
  comment: string;
  entry: string;
  actor: string;
  read_at: string;
  expand?: { post?: PostRecordLite; entry?: ChangelogEntryRecord; actor?: UserRecord };
}

export interface StatusEventRecord extends BaseRecord {
  post: string;
  from: string;
  to: string;
  actor: string;
  note: string;
}

export type EmailPreference = 'email_on_comment' | 'email_on_status' | 'email_on_release';
export const EMAIL_PREFERENCES: EmailPreference[] = ['email_on_comment', 'email_on_status', 'email_on_release'];
