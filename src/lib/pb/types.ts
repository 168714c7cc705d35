// Record shapes of the PocketBase collections Chorus reads (see pb_migrations/).
export interface BaseRecord {
  id: string;
  collectionId: string;
  collectionName: string;
  created: string;
  updated: string;
}

export type Role = 'member' | 'moderator' | 'admin';

export interface UserRecord extends BaseRecord {
  email?: string;
  name: string;
  avatar: string;
  role: Role;
  blocked: boolean;
  verified: boolean;
}

export interface SiteRecord extends BaseRecord {
  name: string;
  tagline: string;
  logo: string;
  accent_color: string;
  welcome: string;
  require_approval: boolean;
  allow_signups: boolean;
  /** A member's new idea starts with their own vote. */
  author_votes: boolean;
}

export type BoardVisibility = 'public' | 'members' | 'staff';

export interface BoardRecord extends BaseRecord {
  name: string;
  slug: string;
  description: string;
  visibility: BoardVisibility;
  position: number;
  archived: boolean;
}

export interface StatusRecord extends BaseRecord {
  name: string;
  slug: string;
  color: string;
  position: number;
  on_roadmap: boolean;
  closed: boolean;
  is_default: boolean;
}

/** What the site and islands need to know about whoever is signed in. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  avatarUrl: string | null;
  role: Role;
  blocked: boolean;
  verified: boolean;
}
