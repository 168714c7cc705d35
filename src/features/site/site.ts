// The site record and boards navigation: what every page's shell shows.
import { type PocketBase, signedOut } from '../../lib/pb/client';
import type { BoardRecord, SiteRecord, StatusRecord } from '../../lib/pb/types';
import { listStatuses } from '../ideas/taxonomy';

export interface Shell {
  site: SiteRecord;
  logoUrl: string | null;
  boards: BoardRecord[];
  /** Every status, for the colours of status pills. */
  statuses: StatusRecord[];
}

/** The one site record: its name, look, languages and settings. */
export function loadSite(pb: PocketBase): Promise<SiteRecord> {
  return pb.collection('site').getFirstListItem<SiteRecord>('');
}

/** The site and statuses this isolate read last, under the version PocketBase named then. Both answer everyone
 * alike (rule "", read without a token): nothing in them is anyone's own. */
let kept: { version: string; site: SiteRecord; statuses: StatusRecord[] } | null = null;

/**
 * The site and statuses answer everyone alike (rule ""): read without a member's token. The boards are per
 * person (a members-only or segment board), read as the caller, on every page. `version`: the shell's version
 * a member's session check names (pb_hooks/site/shell-version.js; it changes with every write to the site or a
 * status): when it is the one this isolate kept them under, they are not read again; when it is not (a change,
 * or the isolate's first member), they are read once the check has named it, so what is kept is never older
 * than its version. Without one (a visitor, a refused session) they are read beside the boards, as before.
 * Each page gets its own copy (nothing a page does to them reaches another request).
 */
export async function loadShell(pb: PocketBase, version: Promise<string | null> | null = null): Promise<Shell> {
  const anyone = signedOut(pb);
  const [{ site, statuses }, boards] = await Promise.all([
    version ? siteAndStatusesAt(anyone, version) : readSiteAndStatuses(anyone),
    listBoards(pb),
  ]);
  const logoUrl = site.logo ? pb.files.getURL(site, site.logo, { thumb: '64x64' }) : null;
  return { site, logoUrl, boards, statuses };
}

async function readSiteAndStatuses(anyone: PocketBase) {
  const [site, statuses] = await Promise.all([loadSite(anyone), listStatuses(anyone)]);
  return { site, statuses };
}

async function siteAndStatusesAt(anyone: PocketBase, version: Promise<string | null>) {
  const named = await version;
  if (named && kept?.version === named) return copyOf(kept);
  const read = await readSiteAndStatuses(anyone);
  if (named) kept = { version: named, ...copyOf(read) };
  return read;
}

/** A copy of the site and statuses: their records hold plain values only (text, numbers, booleans), so a copy of
 * each record is a whole copy, and cheaper per page than structuredClone. */
function copyOf({ site, statuses }: { site: SiteRecord; statuses: StatusRecord[] }) {
  return { site: { ...site }, statuses: statuses.map((status) => ({ ...status })) };
}

/** Forgets what the isolate kept (tests). */
export function forgetKeptShell(): void {
  kept = null;
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
