// The site record and boards navigation: what every page's shell shows.
import { SHELL_VERSION_META, SHELL_VERSION_PATH } from '../../contract/audience';
import { shellVersionNamed } from '../../edge/page-gateway';
import { type PocketBase, signedOut } from '../../lib/pb/client';
import { copyRecords, keptAtVersion } from '../../lib/pb/kept-at-version';
import type { BoardRecord, SiteRecord, StatusRecord } from '../../lib/pb/types';
import { listStatuses } from '../ideas/taxonomy';

export interface Shell {
  site: SiteRecord;
  logoUrl: string | null;
  boards: BoardRecord[];
  /** Every status, for the colours of status pills. */
  statuses: StatusRecord[];
  /** The shell version a member's check named, or PocketBase named to a visitor's render (null: none): what the page
   * reads alike for its whole audience (the tags, staff's segment choices) is kept under it too
   * (src/lib/pb/kept-at-version.ts). */
  version: string | null;
  /** Whose boards these are when a whole audience shares them (its custom fields are kept alike); null: the viewer's. */
  shared: SharedBoards;
}

/** The one site record: its name, look, languages and settings. */
export function loadSite(pb: PocketBase): Promise<SiteRecord> {
  return pb.collection('site').getFirstListItem<SiteRecord>('');
}

/** Whose boards a page shows when they are the same for a whole audience: the member audience's copy (read as its
 * principal), staff's (every active staff member sees every board) or visitors' (read signed out); null: the
 * viewer's own, read as them. */
export type SharedBoards = 'audience' | 'staff' | 'visitor' | null;

/** The shell's version PocketBase names to anyone (server/cmd/pocketbase/shell_version.go), for a visitor's render:
 * one request where the site, statuses, boards and tags were four, each kept under it by this isolate. */
export async function visitorShellVersion(pb: PocketBase): Promise<string | null> {
  const answer = await signedOut(pb).send<Record<string, unknown>>(SHELL_VERSION_PATH, { requestKey: null });
  return shellVersionNamed(answer?.[SHELL_VERSION_META]) || null;
}

/**
 * The site and statuses answer everyone alike (rule ""): read without a member's token. The boards are per
 * person (a members-only or segment board), read as the caller, on every page, except when they are the same for
 * a whole audience (`shared`: the member audience's copy, or staff's, known once their check says so). `version`:
 * the shell's version a member's session check names (pb_hooks/site/shell-version.js; it changes with every write
 * to the site, a status, a board, a tag or a custom field): while it is the one this isolate kept them under, they
 * are not read again; when it is not (a change, or the isolate's first member), they are read once the check has named it
 * (src/lib/pb/kept-at-version.ts); a visitor's render asks PocketBase for it (visitorShellVersion). Without one (a
 * refused session, PocketBase's own error pages) they are read beside the boards.
 */
export async function loadShell(
  pb: PocketBase,
  version: Promise<string | null> | string | null = null,
  shared: Promise<SharedBoards> | SharedBoards = null,
): Promise<Shell> {
  const anyone = signedOut(pb);
  const [{ site, statuses }, boards] = await Promise.all([
    keptAtVersion('site and statuses', version, () => readSiteAndStatuses(anyone), copyOf),
    shared === null ? listBoards(pb) : sharedBoards(pb, version, shared),
  ]);
  const logoUrl = site.logo ? pb.files.getURL(site, site.logo, { thumb: '64x64' }) : null;
  return { site, logoUrl, boards, statuses, version: await version, shared: await shared };
}

async function sharedBoards(
  pb: PocketBase,
  version: Promise<string | null> | string | null,
  shared: Promise<SharedBoards> | SharedBoards,
): Promise<BoardRecord[]> {
  const whose = await shared;
  if (!whose) return listBoards(pb);
  return keptAtVersion(`${whose} boards`, version, () => listBoards(pb), copyRecords);
}

async function readSiteAndStatuses(anyone: PocketBase) {
  const [site, statuses] = await Promise.all([loadSite(anyone), listStatuses(anyone)]);
  return { site, statuses };
}

/** A copy of the site and statuses: their records hold plain values only (text, numbers, booleans). */
function copyOf({ site, statuses }: { site: SiteRecord; statuses: StatusRecord[] }) {
  return { site: { ...site }, statuses: copyRecords(statuses) };
}

/** Every board the caller may see, archived ones too, in the admin's order (for admin pickers). */
export function listEveryBoard(pb: PocketBase) {
  return pb.collection('boards').getFullList<BoardRecord>({ sort: 'position,name', fields: 'id,name,slug' });
}

/** The boards the caller may see (the API rules decide), archived ones last. */
export function listBoards(pb: PocketBase): Promise<BoardRecord[]> {
  return pb
    .collection('boards')
    .getFullList<BoardRecord>({ sort: 'archived,position,name', filter: 'archived = false' });
}
