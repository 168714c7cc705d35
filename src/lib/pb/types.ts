// Record shapes of the PocketBase collections Chorus reads: picks of the generated types (pb-types.ts,
// `npm run schema`), so a field renamed in pb_migrations/ breaks the typecheck here.

import type { Locale } from '../../i18n/locales';
import type {
  BoardsRecord,
  BoardsVisibilityOptions,
  FileNameString,
  SiteRecord as GeneratedSite,
  IsoAutoDateString,
  StatusesRecord,
  UsersRecord,
  UsersRoleOptions,
} from './pb-types';

export interface BaseRecord {
  id: string;
  collectionId: string;
  collectionName: string;
  created: string;
  updated: string;
}

/** Fields `K` of a generated record type as the API returns them: always present, plain strings. */
type Fields<T, K extends keyof T> = { [P in K]-?: Plain<NonNullable<T[P]>> };
type Plain<T> = T extends FileNameString | IsoAutoDateString ? string : T;

export type Role = UsersRoleOptions;

export type UserRecord = BaseRecord &
  Fields<UsersRecord, 'name' | 'avatar' | 'role' | 'blocked' | 'verified' | 'locale'> & {
    email?: string;
    /** The picture from the team's app (single sign-on): an https URL, shown when no avatar was uploaded. */
    avatar_url?: string;
  };

export type SiteRecord = BaseRecord &
  Fields<
    GeneratedSite,
    | 'name'
    | 'tagline'
    | 'logo'
    | 'accent_color'
    | 'welcome'
    | 'require_approval'
    | 'allow_signups'
    | 'allow_unverified_posting'
    | 'author_votes'
    | 'default_locale'
    | 'browser_locale'
    | 'show_eta'
    | 'staff_passkey_required'
    | 'audit_retention_days'
    | 'turnstile_site_key'
  >;

export type BoardVisibility = BoardsVisibilityOptions;

export type BoardRecord = BaseRecord &
  Fields<BoardsRecord, 'name' | 'slug' | 'description' | 'visibility' | 'position' | 'archived'>;

export type StatusRecord = BaseRecord &
  Fields<StatusesRecord, 'name' | 'slug' | 'color' | 'position' | 'on_roadmap' | 'closed' | 'is_default'>;

/** What the site and islands need to know about whoever is signed in. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  avatarUrl: string | null;
  role: Role;
  blocked: boolean;
  verified: boolean;
  /** The member's chosen language, or null for the site's. */
  locale: Locale | null;
}
